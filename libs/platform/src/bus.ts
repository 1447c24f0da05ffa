import {
  CONTRACT_HEADER,
  CONTRACT_VERSION,
  TollError,
  REQUEST_ID_HEADER,
  contractProblem,
  isTollErrorBody,
} from '@toll/contracts';
import { injectTrace } from '@toll/telemetry';
import { createInbox, headers as natsHeaders, type NatsConnection, type Subscription } from 'nats';
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
//
// Replies arrive on one wildcard inbox subscription per bus, matched to their request by the inbox token, with one
// timer per request: nats.js's own request() builds two Error objects (stack traces) for every request that
// succeeds (a Cancelled rejection of an already-settled promise, and a Timeout kept for its trace), 4-5 % of the
// gateway's CPU on every call (docs/benchmarks.md, "Requests without nats.js request objects, one-shot hashes").
export class NatsBus {
  private readonly inbox = createInbox();
  private readonly pending = new Map<string, Pending>();
  private subscription?: Subscription;
  private sequence = 0;

  constructor(private readonly nats: NatsConnection) {}

  async request<T>(subject: string, data: unknown, { timeoutMs, requestId, rawBody }: BusRequestOptions): Promise<T> {
    const h = natsHeaders();
    h.set(REQUEST_ID_HEADER, requestId);
    h.set(CONTRACT_HEADER, String(CONTRACT_VERSION));
    if (rawBody) h.set(RAW_BODY_HEADER, '1');
    injectTrace((name, value) => h.set(name, value)); // traceparent, with traces on and a span active
    const token = (++this.sequence).toString(36);
    const payload = Buffer.from(JSON.stringify({ pattern: subject, data, id: token }));
    const raw = await new Promise<Uint8Array>((resolve, reject) => {
      const timer = setTimeout(
        () => {
          this.pending.delete(token);
          reject(new TollError('SERVICE_TIMEOUT', `${subject} did not answer within ${timeoutMs} ms`));
        },
        Math.max(1, timeoutMs),
      );
      this.pending.set(token, { subject, resolve, reject, timer });
      try {
        this.subscribe();
        this.nats.publish(subject, payload, { reply: `${this.inbox}.${token}`, headers: h });
      } catch {
        this.settle(token)?.reject(new TollError('SERVICE_UNAVAILABLE', 'message bus unavailable'));
      }
    });
    const packet = readReply<T>(raw, rawBody === true);
    if (packet.err !== undefined && packet.err !== null) {
      if (isTollErrorBody(packet.err)) throw new TollError(packet.err.code, packet.err.message, packet.err.details);
      throw new TollError('INTERNAL', 'Internal error');
    }
    const contract = (packet.response as { contract?: unknown } | null)?.contract;
    const problem = contract === undefined ? undefined : contractProblem(contract);
    if (problem)
      throw new TollError(
        'SERVICE_UNAVAILABLE',
        `${subject} answered in a contract this build cannot read: it ${problem}`,
      );
    return packet.response as T;
  }

  // Subscribed on first use, once; nats.js renews the subscription itself after a reconnect.
  private subscribe() {
    this.subscription ??= this.nats.subscribe(`${this.inbox}.*`, {
      callback: (err, msg) => {
        if (err) return;
        const call = this.settle(msg.subject.slice(this.inbox.length + 1));
        if (!call) return; // late: its request timed out already
        // The server's own answer when nobody subscribes to the subject: status 503 and no payload.
        if (msg.data.length === 0 && msg.headers?.code === 503)
          call.reject(new TollError('SERVICE_UNAVAILABLE', `no service is answering ${call.subject}`));
        else call.resolve(msg.data);
      },
    });
  }

  private settle(token: string): Pending | undefined {
    const call = this.pending.get(token);
    if (!call) return undefined;
    this.pending.delete(token);
    clearTimeout(call.timer);
    return call;
  }
}

interface Pending {
  subject: string;
  resolve: (data: Uint8Array) => void;
  reject: (error: TollError) => void;
  timer: NodeJS.Timeout;
}
