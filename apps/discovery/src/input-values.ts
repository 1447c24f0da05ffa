// A task that quotes a value an operation takes as input ("0-306-40615-2" for an ISBN, a 17-character VIN, a Solana
// mint) is evidence for that operation over its siblings ("who wrote 0-306-40615-2?" reads one book; a search does
// not take an ISBN). The evidence comes from the input schema's own `pattern`s, kept only when specific: a pattern
// that also accepts ordinary words or small numbers ("^[A-Za-z0-9]{1,7}$" for a ticker) says nothing by itself.
// A market code is the exception: a token written in capitals ("GME", "NVDA") that is neither an everyday word nor a
// word of the catalog's own texts ("SEC", "CPI", "JSON" are) names one instrument, so it is weaker evidence for the
// operations whose input is a ticker or symbol (by the field's name) over the lists and screens beside them; a longer
// one ("UNRATE", "CPIAUCSL") names a data series, the same evidence for the operations whose input is a series.
// A task that sets an input by its name ("include=stats", "method=getSlot") names that input: evidence for the
// operations that take it, when at most NAMED_FIELD_TOOLS do ("limit=10" fits too many to tell them apart).

export interface InputValueMatch {
  value: string; // the task's token
  field: string; // the input field whose pattern it matches
  code: boolean; // a code for a ticker, symbol or series field, not a match of a specific pattern
  kind?: string; // what the code is ("market code", "series id")
  named?: boolean; // the task set the input by its name
}

// Fields that take a code, each with the code as written in a sentence: a market code is 2-5 capitals or digits,
// starting with a letter, with an optional class suffix (BRK.B); a data series' id (UNRATE, CPIAUCSL) is longer than
// any market code, so a ticker is never read as one.
const MARKET_CODE = { form: /^[A-Z][A-Z0-9]{1,4}(?:[.-][A-Z])?$/, kind: 'market code' };
const CODE_FIELDS = new Map([
  ['ticker', MARKET_CODE],
  ['symbol', MARKET_CODE],
  ['series', { form: /^[A-Z][A-Z0-9_]{5,29}$/, kind: 'series id' }],
]);

const NAMED_FIELD_TOOLS = 2;
// An input set by name: a name of letters, digits and underscores, "=", a value.
const NAMED = /(?<![\w.])([A-Za-z_]\w*)=(?=[^\s=])/g;

// Numbers and amounts as tasks write them: a pattern that accepts them accepts any count, price or year.
const COMMON_NUMBERS = ['1', '7', '10', '30', '100', '250', '2024', '1000', '12.5', '0.01', '5000000'];
// Characters that wrap a value in a sentence, not part of it.
const WRAP = /^[("'“”‘’`[<]+|[)"'“”‘’`\]>.,;:!?]+$/gu;

export const taskTokens = (task: string) => [
  ...new Set(
    task
      .split(/\s+/)
      .map((t) => t.replace(WRAP, ''))
      .filter((t) => t.length > 1),
  ),
];

interface ToolPatterns {
  id: string;
  patterns: { field: string; pattern: RegExp; list: boolean }[];
  codeField?: string;
}

export class InputValues {
  private readonly tools: ToolPatterns[] = [];
  private readonly known: Set<string>; // lower-case words that are not codes: everyday words and the catalog's own
  private readonly named = new Map<string, string[]>(); // an input field's name → the tools that take it

  // schemas: each tool's input JSON Schema; commonWords: everyday words (lower-case), to test the patterns with;
  // catalogWords: the words of the tools' texts (lower-case), which a capitalised token must not be to count as a code.
  constructor(
    schemas: { id: string; schema: Record<string, unknown> }[],
    commonWords: string[],
    catalogWords: Iterable<string> = [],
  ) {
    this.known = new Set([...commonWords, ...catalogWords]);
    const common = [...commonWords, ...commonWords.map((w) => w.toUpperCase()), ...COMMON_NUMBERS];
    const specific = new Map<string, RegExp | null>(); // one test per distinct pattern
    for (const { id, schema } of schemas) {
      const patterns: ToolPatterns['patterns'] = [];
      let codeField: string | undefined;
      type Property = { pattern?: unknown; type?: unknown; items?: { pattern?: unknown } };
      for (const [field, property] of Object.entries((schema.properties ?? {}) as Record<string, Property>)) {
        this.named.set(field, [...(this.named.get(field) ?? []), id]);
        if (CODE_FIELDS.has(field)) codeField ??= field;
        // A list of values (an array whose items have a pattern) is evidence only when the task quotes several.
        const list = property?.type === 'array';
        const p = list ? property.items : property;
        if (typeof p?.pattern !== 'string') continue;
        if (!specific.has(p.pattern)) specific.set(p.pattern, specificPattern(p.pattern, common));
        const pattern = specific.get(p.pattern);
        if (pattern) patterns.push({ field, pattern, list });
      }
      if (patterns.length || codeField) this.tools.push({ id, patterns, codeField });
    }
  }

  get size() {
    return this.tools.filter((t) => t.patterns.length).length;
  }

  // Each tool with an input field whose specific pattern accepts one of the task's tokens.
  match(task: string): Map<string, InputValueMatch> {
    const out = new Map<string, InputValueMatch>();
    for (const [, field] of task.matchAll(NAMED)) {
      const tools = this.named.get(field) ?? [];
      if (tools.length <= NAMED_FIELD_TOOLS)
        for (const id of tools) if (!out.has(id)) out.set(id, { value: `${field}=`, field, code: false, named: true });
    }
    if (!this.tools.length) return out;
    const tokens = taskTokens(task);
    const code = (form: RegExp) => tokens.find((t) => form.test(t) && !this.known.has(t.toLowerCase()));
    for (const tool of this.tools) {
      for (const { field, pattern, list } of out.has(tool.id) ? [] : tool.patterns) {
        const values = tokens.filter((t) => pattern.test(t));
        if (values.length >= (list ? 2 : 1)) {
          out.set(tool.id, { value: list ? values.join(', ') : values[0], field, code: false });
          break;
        }
      }
      const codes = tool.codeField && !out.has(tool.id) ? CODE_FIELDS.get(tool.codeField) : undefined;
      const value = codes && code(codes.form);
      if (value && tool.codeField) out.set(tool.id, { value, field: tool.codeField, code: true, kind: codes.kind });
    }
    return out;
  }
}

// The pattern, compiled, when it accepts none of the common tokens; null when it is too loose or not valid here.
function specificPattern(source: string, common: string[]): RegExp | null {
  let pattern: RegExp;
  try {
    pattern = new RegExp(source, 'u');
  } catch {
    return null;
  }
  // Unanchored patterns ("[\p{L}\p{N}]") accept any token that contains one character of theirs.
  if (!source.startsWith('^') || !source.endsWith('$')) return null;
  return common.some((t) => pattern.test(t)) ? null : pattern;
}
