import { BaseConfig, sensitive, splitList } from '@toll/platform';
import { z } from 'zod';
import { parseTtlOverrides } from './methods';

export const DEFAULT_USER_AGENT = 'Toll/1.0 (+https://github.com/toll; ops@toll.example)';

const ms = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);

export const RpcConfig = BaseConfig.extend({
  // Solana JSON-RPC endpoints, comma-separated, best first. Provider URLs carry API keys in the path or query,
  // so the whole value is secret: only the origin (scheme, host, port) is ever logged or shown.
  RPC_UPSTREAM_URLS: sensitive(
    z
      .string()
      .default('http://127.0.0.1:8899')
      .transform((s, ctx) => {
        const urls = splitList(s);
        if (!urls.length) ctx.addIssue({ code: 'custom', message: 'at least one URL is required' });
        // The value is secret: say which entry is wrong, never what it holds.
        urls.forEach((u, i) => {
          if (!/^https?:\/\//.test(u) || !URL.canParse(u))
            ctx.addIssue({ code: 'custom', message: `entry ${i + 1} is not an http(s) URL` });
        });
        return urls;
      }),
  ),
  // Names shown in x-toll-upstream and /toll/rpc/upstreams, one per URL; default: host[:port] of each URL
  // (upstream-<n> when that is over 32 characters).
  RPC_UPSTREAM_NAMES: z
    .string()
    .optional()
    .transform((s) => (s ? splitList(s) : undefined))
    // Short enough for a 100-request batch's per-request x-toll-upstream list to fit one header.
    .refine(
      (names) => !names || names.every((n) => /^[A-Za-z0-9._:-]{1,32}$/.test(n)),
      'names are 1-32 characters of A-Z a-z 0-9 . _ : -',
    ),
  RPC_USER_AGENT: z.string().min(8).max(200).default(DEFAULT_USER_AGENT),
  // One attempt at one upstream (reads); the caller's deadline bounds it too.
  RPC_TIMEOUT_MS: ms(100, 30_000, 4_000),
  // sendTransaction's single attempt. On a timeout the outcome is unknown and the caller is told so.
  RPC_SEND_TIMEOUT_MS: ms(100, 30_000, 8_000),
  // Hedged reads: when the first upstream has not answered within its p90 latency (clamped to these
  // bounds; the max until enough samples exist), the next healthy upstream is asked too; first answer wins.
  RPC_HEDGE_ENABLED: z.stringbool().default(true),
  RPC_HEDGE_MIN_MS: ms(10, 30_000, 150),
  RPC_HEDGE_MAX_MS: ms(10, 30_000, 1_000),
  // getSlot probe of every upstream; 0 turns probing off (upstreams are then judged by live traffic alone).
  RPC_HEALTH_INTERVAL_MS: ms(0, 600_000, 5_000),
  // An upstream this many slots behind the best one is "lagging" and only used after the others.
  RPC_MAX_SLOT_LAG: ms(1, 100_000, 50),
  // Consecutive failures that take an upstream out of rotation, and how long before it is tried again.
  RPC_FAILURES_TO_TRIP: ms(1, 100, 3),
  RPC_COOLDOWN_MS: ms(100, 600_000, 10_000),
  // Upstream batches are split to stay under agave's 50 KiB request limit and providers' batch caps.
  RPC_UPSTREAM_BATCH_MAX: ms(1, 100, 20),
  // Largest answer we relay: it must fit one NATS message (1 MiB by default) with its envelope.
  RPC_MAX_RESPONSE_BYTES: ms(1_024, 64 * 1_048_576, 900_000),
  RPC_CACHE_MAX_ENTRIES: ms(0, 10_000_000, 20_000),
  RPC_CACHE_MAX_BYTES: ms(0, 8 * 1_073_741_824, 64 * 1_048_576),
  // Larger answers (big getProgramAccounts) are relayed but not kept.
  RPC_CACHE_MAX_ENTRY_BYTES: ms(0, 64 * 1_048_576, 256 * 1_024),
  // Per-method TTL changes, e.g. "getBalance=0,getVersion=60000/3600000" (fresh ms[/stale ms]; 0 = never cache).
  RPC_CACHE_TTL_OVERRIDES: z
    .string()
    .default('')
    .transform((s, ctx) => {
      const parsed = parseTtlOverrides(s);
      if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', message: parsed });
      return typeof parsed === 'string' ? {} : parsed;
    }),
}).superRefine((c, ctx) => {
  if (c.RPC_UPSTREAM_NAMES && c.RPC_UPSTREAM_NAMES.length !== c.RPC_UPSTREAM_URLS.length) {
    ctx.addIssue({
      code: 'custom',
      path: ['RPC_UPSTREAM_NAMES'],
      message: 'give one name per URL in RPC_UPSTREAM_URLS',
    });
  }
  if (c.RPC_HEDGE_MIN_MS > c.RPC_HEDGE_MAX_MS)
    ctx.addIssue({ code: 'custom', path: ['RPC_HEDGE_MIN_MS'], message: 'must not exceed RPC_HEDGE_MAX_MS' });
});
export type RpcConfig = z.infer<typeof RpcConfig>;
