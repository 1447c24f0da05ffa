import { Module } from '@nestjs/common';
import { APP_CONFIG, JsonLogger } from '@toll/platform';
import type { RpcConfig } from './config';
import { RpcProbes } from './probes';
import { RpcCache } from './rpc-cache';
import { RpcController } from './rpc.controller';
import { RpcService } from './rpc.service';
import { UpstreamPool } from './upstream-pool';
import { JsonRpcNode } from '@toll/upstream';

// Names fit the per-request x-toll-upstream list of a full batch in one header.
const MAX_NAME = 32;

// host[:port] of each URL unless RPC_UPSTREAM_NAMES says otherwise; repeated hosts get #2, #3…
export function upstreamNames(config: RpcConfig): string[] {
  if (config.RPC_UPSTREAM_NAMES) return config.RPC_UPSTREAM_NAMES;
  const seen = new Map<string, number>();
  return config.RPC_UPSTREAM_URLS.map((url, i) => {
    const host = new URL(url).host;
    const n = (seen.get(host) ?? 0) + 1;
    seen.set(host, n);
    const name = n === 1 ? host : `${host}#${n}`;
    return name.length <= MAX_NAME ? name : `upstream-${i + 1}`;
  });
}

const poolFrom = (config: RpcConfig, logger: JsonLogger) => {
  const names = upstreamNames(config);
  const nodes = config.RPC_UPSTREAM_URLS.map(
    (url, i) =>
      new JsonRpcNode({
        name: names[i],
        url,
        userAgent: config.RPC_USER_AGENT,
        maxResponseBytes: config.RPC_MAX_RESPONSE_BYTES,
      }),
  );
  return new UpstreamPool(
    nodes,
    {
      timeoutMs: config.RPC_TIMEOUT_MS,
      sendTimeoutMs: config.RPC_SEND_TIMEOUT_MS,
      hedge: { enabled: config.RPC_HEDGE_ENABLED, minMs: config.RPC_HEDGE_MIN_MS, maxMs: config.RPC_HEDGE_MAX_MS },
      failuresToTrip: config.RPC_FAILURES_TO_TRIP,
      cooldownMs: config.RPC_COOLDOWN_MS,
      maxSlotLag: config.RPC_MAX_SLOT_LAG,
    },
    (level, event, fields) => logger.event(level, event, fields),
  );
};

@Module({
  controllers: [RpcController],
  providers: [
    RpcService,
    RpcProbes,
    { provide: UpstreamPool, useFactory: poolFrom, inject: [APP_CONFIG, JsonLogger] },
    {
      provide: RpcCache,
      useFactory: (c: RpcConfig) =>
        new RpcCache({
          maxEntries: c.RPC_CACHE_MAX_ENTRIES,
          maxBytes: c.RPC_CACHE_MAX_BYTES,
          maxEntryBytes: c.RPC_CACHE_MAX_ENTRY_BYTES,
        }),
      inject: [APP_CONFIG],
    },
  ],
})
export class AppModule {}
