// Just enough XML for the office's documents (TSDR status, the daily applications file): elements found by local name
// (any namespace prefix), text with entities decoded. Not a general parser: an element must not contain itself.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const decode = (s: string) =>
  s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_m, c: string) => c.replace(/&/g, '&amp;'))
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] !== '#') return ENTITIES[e.toLowerCase()] ?? m;
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
    })
    .replace(/\s+/g, ' ')
    .trim();

const pattern = (tag: string) =>
  new RegExp(`<(?:[\\w.-]+:)?${tag}(?:\\s[^>]*)?(?:/>|>([\\s\\S]*?)</(?:[\\w.-]+:)?${tag}>)`, 'g');

// The inner XML of every <tag> in `xml`, in document order.
export const elements = (xml: string, tag: string): string[] => [...xml.matchAll(pattern(tag))].map((m) => m[1] ?? '');

// The text of the first <tag>, or null when it is missing or empty.
export function text(xml: string, tag: string): string | null {
  const first = pattern(tag).exec(xml);
  const value = first?.[1] !== undefined ? decode(first[1]) : '';
  return value || null;
}

// Every non-empty text of <tag>.
export const texts = (xml: string, tag: string): string[] => elements(xml, tag).map(decode).filter(Boolean);
