import { subjectOf } from '@toll/contracts';
import { connect, type NatsConnection, type Subscription } from 'nats';

export interface FakeResponder {
  calls: unknown[];
  stop(): void;
}

// Answers a subject the way a Nest NATS handler would ({response} or {err}); records what it was sent.
export function respond(
  nc: NatsConnection,
  subject: string,
  handler: (data: any) => { response?: unknown; err?: unknown },
): FakeResponder {
  const calls: unknown[] = [];
  const sub: Subscription = nc.subscribe(subject, {
    callback: (_e, msg) => {
      const packet = JSON.parse(Buffer.from(msg.data).toString('utf8')) as { id: string; data: unknown };
      calls.push(packet.data);
      msg.respond(Buffer.from(JSON.stringify({ id: packet.id, isDisposed: true, ...handler(packet.data) })));
    },
  });
  return { calls, stop: () => sub.unsubscribe() };
}

export const natsClient = (url: string): Promise<NatsConnection> => connect({ servers: url, name: 'test-client' });

export const tollMessage = <I>(input: I, caller = { ip: '203.0.113.7' }) => ({
  input,
  requestId: `test-${Math.random().toString(36).slice(2, 10)}`,
  deadline: Date.now() + 5_000,
  caller,
});

export interface OperationReply {
  response?: { data: any; json?: string; headers?: Record<string, string> };
  err?: any;
}

// One group operation over NATS, in the Nest packet format the gateway sends: what every wire test calls.
export async function callOperation(
  nc: NatsConnection,
  operationId: string,
  input: unknown,
  {
    deadline = Date.now() + 5_000,
    caller,
    timeoutMs = 15_000,
    payer,
  }: { deadline?: number; caller?: { ip: string }; timeoutMs?: number; payer?: string } = {},
): Promise<OperationReply> {
  const subject = subjectOf(operationId);
  const packet = {
    id: operationId,
    pattern: subject,
    data: { ...tollMessage(input, caller), deadline, ...(payer ? { payer } : {}) },
  };
  const reply = await nc.request(subject, Buffer.from(JSON.stringify(packet)), { timeout: timeoutMs });
  return JSON.parse(Buffer.from(reply.data).toString('utf8')) as OperationReply;
}
