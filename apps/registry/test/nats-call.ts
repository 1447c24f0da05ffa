import { callOperation } from '@toll/testing';
import type { NatsConnection } from 'nats';

export interface Reply {
  response?: { data: any };
  err?: any;
}

// One registry operation over NATS from a given client address.
export const callRegistry = (
  nc: NatsConnection,
  operation: string,
  input: unknown,
  ip = '203.0.113.7',
): Promise<Reply> => callOperation(nc, `registry.${operation}`, input, { caller: { ip } });

// Raw text of a reply, for searching every public response for something that must never appear.
export const rawCall = async (nc: NatsConnection, subject: string, data: unknown): Promise<string> => {
  const reply = await nc.request(subject, Buffer.from(JSON.stringify({ id: 'raw', pattern: subject, data })), {
    timeout: 10_000,
  });
  return Buffer.from(reply.data).toString('utf8');
};

export const submission = (over: Record<string, unknown> = {}) => ({
  name: 'Acme Staking Yields',
  description: 'Staking yields for major proof-of-stake networks, refreshed hourly.',
  category: 'data',
  endpoint_url: 'https://acme.example/yields',
  io_format: { request: 'query', response: 'json' },
  pricing: { model: 'per_call', usd: '0.002', assets: ['USDC'], network: 'solana' },
  auth_method: 'x402',
  contact: { email: 'dev@acme.example' },
  capability_tags: ['staking', 'yields'],
  accepted_terms: true,
  ...over,
});
