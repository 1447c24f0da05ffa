import { callOperation, type OperationReply } from '@toll/testing';
import type { NatsConnection } from 'nats';

// The check_key each policy's creation (or rotation) returned, by agent: a check comes from the agent, so callSpend
// sends its key with every check whose input does not name check_key itself (a test of a missing or wrong key does).
const checkKeys = new Map<string, string>();

// One spend operation over NATS, as the gateway sends it (payer is set by the gateway on paid calls).
export async function callSpend(
  nc: NatsConnection,
  operation: string,
  input: unknown,
  options: { payer?: string; deadline?: number } = {},
): Promise<OperationReply> {
  const fields = input as Record<string, unknown>;
  const key = operation === 'check' && !('check_key' in fields) ? checkKeys.get(String(fields.agent_id)) : undefined;
  const reply = await callOperation(nc, `spend.${operation}`, key ? { ...fields, check_key: key } : input, options);
  const issued = (reply.response?.data as { credentials?: { check_key?: string } } | undefined)?.credentials?.check_key;
  if (operation === 'setPolicy' && issued) checkKeys.set(String(fields.agent_id), issued);
  return reply;
}

export const policyInput = (agent_id: string, over: Record<string, unknown> = {}) => ({
  agent_id,
  per_tx_limit_cents: 1_000,
  daily_limit_cents: 5_000,
  weekly_limit_cents: 20_000,
  monthly_limit_cents: 50_000,
  allowed_categories: [],
  blocked_recipients: [],
  active: true,
  ...over,
});
