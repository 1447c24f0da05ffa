import { subjectOf } from '@toll/contracts';
import type { OperationReply } from '@toll/testing';
import type { NatsConnection } from 'nats';

export const PAYER = 'PayerWa11et1111111111111111111111111111111';

// One messaging operation over NATS as the gateway sends it after a hold: with the payer and a deadline.
export async function callMessaging(
  nc: NatsConnection,
  operation: string,
  input: unknown,
  { deadlineMs = 10_000, payer = PAYER } = {},
): Promise<OperationReply> {
  const subject = subjectOf(`messaging.${operation}`);
  const data = {
    input,
    requestId: `test-${Math.random().toString(36).slice(2, 10)}`,
    deadline: Date.now() + deadlineMs,
    caller: { ip: '203.0.113.7' },
    payer,
  };
  const reply = await nc.request(subject, Buffer.from(JSON.stringify({ id: operation, pattern: subject, data })), {
    timeout: 30_000,
  });
  return JSON.parse(Buffer.from(reply.data).toString('utf8')) as OperationReply;
}
