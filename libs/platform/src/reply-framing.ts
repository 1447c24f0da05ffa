// A group's answer body crosses NATS as its own JSON text after the reply envelope, not inside it: written once by
// the group and passed through by the gateway, where nesting it made the gateway parse the whole answer into
// objects and serialise it again (a quarter of the gateway's CPU on a 21 KB answer), and a text body (u64-exact
// JSON) had to be escaped into a string and unescaped again.
//
// Wire form: `<envelope JSON>\n<body JSON text>`, where the envelope is the usual packet ({id, response, ...}) with
// `response.json` left out. JSON.stringify never writes a raw newline, so the first one ends the envelope.
// Only a caller that sends RAW_BODY_HEADER gets this form (NatsBus with `rawBody`: the gateway forwarding a call);
// any other caller (an older gateway, an app that reads the answer, a plain NATS client) gets the body inside the
// envelope as before, and readReply reads both.
export const RAW_BODY_HEADER = 'toll-raw-body';

const RAW_BODY = Symbol('raw-body');
const NEWLINE = 0x0a;

// Marks a reply with `json` text to be sent in the wire form above. A symbol key survives object spreads (the
// contract stamp) and is never serialised itself.
export const rawBodyReply = <T extends { json: string }>(reply: T): T => Object.assign(reply, { [RAW_BODY]: true });

type Marked = { json?: unknown; [RAW_BODY]?: true } & Record<string, unknown>;

// A reply packet byte for byte as Nest's NATS transport wrote it ({response, isDisposed, id}, in that key order),
// which every caller reads; a reply marked by rawBodyReply leaves as envelope + raw body.
export function encodeResponse(id: unknown, response: unknown): Buffer {
  const marked = response as Marked | null | undefined;
  if (!marked?.[RAW_BODY] || typeof marked.json !== 'string')
    return Buffer.from(JSON.stringify({ response, isDisposed: true, id }));
  const { json, ...envelope } = marked;
  return Buffer.from(`${JSON.stringify({ response: envelope, isDisposed: true, id })}\n${json}`);
}

export const encodeError = (id: unknown, err: unknown): Buffer =>
  Buffer.from(JSON.stringify({ err, isDisposed: true, id }));

// A reply as a packet; when the request asked for a raw body, in either wire form (a group built before this one
// answers with the plain packet), and the raw body comes back as `response.json`.
export function readReply<T>(raw: Uint8Array, askedRawBody: boolean): { response?: T; err?: unknown } {
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  const end = askedRawBody ? bytes.indexOf(NEWLINE) : -1;
  const packet = JSON.parse(bytes.toString('utf8', 0, end < 0 ? bytes.length : end)) as { response?: T; err?: unknown };
  if (end >= 0 && packet.response && typeof packet.response === 'object')
    (packet.response as { json?: string }).json = bytes.toString('utf8', end + 1);
  return packet;
}
