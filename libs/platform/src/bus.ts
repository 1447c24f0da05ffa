import { CONTRACT_HEADER, CONTRACT_VERSION, TollError, REQUEST_ID_HEADER, contractProblem, isTollErrorBody } from '@toll/contracts';
import { randomUUID } from 'node:crypto';
import { ErrorCode, headers as natsHeaders, type NatsConnection, type NatsError } from 'nats';
import { RAW_BODY_HEADER, readReply } from './reply-framing';

export interface BusRequestOptions {
  timeoutMs: number;
  requestId: string;
  // Ask a group operation for its body as raw JSON text, which then arrives as the reply's `json` with `data` null
  // (reply-framing.ts): for a caller that passes the text on rather than reading it.
  rawBody?: boolean;
}

// Request-reply over NATS in the packet format Nest's NATS transport speaks ({pattern,data,id} → {response|err}).
// No responder becomes SERVICE_UNAVAILABLE and a missed deadline SERVICE_TIMEOUT, so callers map them once.
// Requests carry this build's contract version (CONTRACT_HEADER); a reply in a version it cannot read is refused.
export class NatsBus {
  constructor(private readonly nats: NatsConnection) {}

  async request<T>(subject: string, data: unknown, { timeoutMs, requestId, rawBody }: BusRequestOptions): Promise<T> {
    const h = natsHeaders();
    h.set(REQUEST_ID_HEADER, requestId);
    h.set(CONTRACT_HEADER, String(CONTRACT_VERSION));
    if (rawBody) h.set(RAW_BODY_HEADER, '1');
    const payload = Buffer.from(JSON.stringify({ pattern: subject, data, id: randomUUID() }));
    let raw: Uint8Array;
    try {
      raw = (await this.nats.request(subject, payload, { timeout: Math.max(1, timeoutMs), headers: h })).data;
    } catch (e) {
      const code = (e as NatsError).code;
      if (code === ErrorCode.Timeout) throw new TollError('SERVICE_TIMEOUT', `${subject} did not answer within ${timeoutMs} ms`);
      throw new TollError('SERVICE_UNAVAILABLE', code === ErrorCode.NoResponders ? `no service is answering ${subject}` : `message bus unavailable`);
    }
    const packet = readReply<T>(raw, rawBody === true);
    if (packet.err !== undefined && packet.err !== null) {
      if (isTollErrorBody(packet.err)) throw new TollError(packet.err.code, packet.err.message, packet.err.details);
      throw new TollError('INTERNAL', 'Internal error');
    }
    const contract = (packet.response as { contract?: unknown } | null)?.contract;
    const problem = contract === undefined ? undefined : contractProblem(contract);
    if (problem) throw new TollError('SERVICE_UNAVAILABLE', `${subject} answered in a contract this build cannot read: it ${problem}`);
    return packet.response as T;
  }
}
