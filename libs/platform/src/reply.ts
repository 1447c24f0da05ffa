import { isGroupHeader } from '@toll/contracts';

// A handler's answer plus what the gateway should put around it: `x-toll-*` response headers and,
// optionally, the body as exact JSON text (for values JSON.parse would alter, such as u64 integers).
export class TollResponse {
  constructor(
    readonly data: unknown,
    readonly json: string | undefined,
    readonly headers: Record<string, string>,
    readonly uncharged?: string,
  ) {
    for (const [name, value] of Object.entries(headers)) {
      if (!isGroupHeader(name, value)) throw new Error(`response header ${name} is not an allowed x-toll-* header`);
    }
  }
}

export const withHeaders = (data: unknown, headers: Record<string, string>) =>
  new TollResponse(data, undefined, headers);
export const jsonTextReply = (json: string, headers: Record<string, string> = {}) =>
  new TollResponse(null, json, headers);
// An answer served without taking payment for it; `reason` reaches the caller in the x-toll-uncharged header.
export const unchargedReply = (data: unknown, reason: string) => new TollResponse(data, undefined, {}, reason);

// Replay mode's label (message-server.ts labelReplayed: `replayed`, `recorded_at` beside a group's own fields) as JSON
// Schema properties, for schemas that clients check answers against (an MCP tool's
// outputSchema: a strict client refuses a replayed answer whose schema forbids additional properties).
export const REPLAY_LABEL_PROPERTIES = {
  replayed: {
    type: 'boolean',
    const: true,
    description: 'Replay mode only: the answer was built from recorded upstream responses',
  },
  recorded_at: { type: 'string', format: 'date-time', description: 'Replay mode only: when the recordings were made' },
} as const;
