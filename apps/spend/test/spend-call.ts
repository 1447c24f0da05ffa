import { callOperation, type OperationReply } from '@toll/testing';
import type { NatsConnection } from 'nats';

// One spend operation over NATS, as the gateway sends it (payer is set by the gateway on paid calls).
export const callSpend = (nc: NatsConnection, operation: string, input: unknown, options: { payer?: string; deadline?: number } = {}): Promise<OperationReply> =>
  callOperation(nc, `spend.${operation}`, input, options);

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

export const spendEnv = (natsUrl: string, databaseUrl: string) => ({
  NATS_URL: natsUrl,
  LOG_LEVEL: 'error',
  ANNOUNCE_INTERVAL_MS: '60000',
  NATS_GRACE_PERIOD_MS: '50',
  DATABASE_URL: databaseUrl,
});
