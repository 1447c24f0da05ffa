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

export const withHeaders = (data: unknown, headers: Record<string, string>) => new TollResponse(data, undefined, headers);
export const jsonTextReply = (json: string, headers: Record<string, string> = {}) => new TollResponse(null, json, headers);
// An answer served without taking payment for it; `reason` reaches the caller in the x-toll-uncharged header.
export const unchargedReply = (data: unknown, reason: string) => new TollResponse(data, undefined, {}, reason);
