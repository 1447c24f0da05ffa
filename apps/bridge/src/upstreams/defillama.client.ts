// DefiLlama — https://api-docs.defillama.com/ (keyless; data free to use with attribution to DefiLlama).
// bridges.llama.fi/bridges: per bridge `monthlyVolume` (30 days, USD) and its chains; the host is keyless in 2026
// though DefiLlama's SDK lists Bridges under Pro, so the answer says when it is missing. api.llama.fi/tvl/{slug}
// answers a bare number. api.llama.fi/hacks lists incidents (`date` in unix seconds, `amount` and `returnedFunds` in
// USD, `bridgeHack`); its field names have drifted over time (chain/chains, null for unknown), so every field but date
// and name is optional. Fair use, no published limit: the group caches all three for an hour or more.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { BridgeConfig } from '../config';

const usd = z
  .number()
  .nonnegative()
  .nullish()
  .transform((v) => v ?? null);
const Bridge = z.object({ name: z.string(), displayName: z.string().optional(), monthlyVolume: usd });
const Hack = z.object({
  date: z.number().positive(),
  name: z.string(),
  amount: usd,
  returnedFunds: usd,
  bridgeHack: z.boolean().nullish(),
  classification: z.string().nullish(),
  technique: z.string().nullish(),
  chain: z.array(z.string()).nullish(),
  source: z.string().nullish(),
});
export type Hack = z.infer<typeof Hack>;

// Lists whose rows drift: a row that no longer parses is dropped, not fatal for the whole list.
const rowsOf = <T extends z.ZodType>(row: T) =>
  z.array(z.unknown()).transform((rows) =>
    rows.flatMap((r) => {
      const parsed = row.safeParse(r);
      return parsed.success ? [parsed.data as z.infer<T>] : [];
    }),
  );

export interface BridgeVolume {
  name: string;
  displayName: string;
  volume30dUsd: number | null;
}

@Injectable()
export class DefiLlamaClient {
  readonly id = 'defillama';
  readonly apiUrl: string;
  readonly bridgesUrl: string;
  private readonly api: Upstream;
  private readonly bridgesApi: Upstream;

  constructor(@Inject(APP_CONFIG) config: BridgeConfig, @Inject(JsonLogger) logger: JsonLogger) {
    this.apiUrl = config.BRIDGE_DEFILLAMA_API_URL;
    this.bridgesUrl = config.BRIDGE_DEFILLAMA_BRIDGES_URL;
    const common = {
      timeoutMs: config.BRIDGE_UPSTREAM_TIMEOUT_MS,
      userAgent: config.BRIDGE_USER_AGENT,
      // no published limit: gentle, and the list of nine bridges fits one burst
      governor: { ratePerSecond: 5, burst: 10 },
      log: upstreamLog(logger),
    };
    this.api = createUpstream({ name: 'defillama', baseUrls: [this.apiUrl], ...common });
    this.bridgesApi = createUpstream({ name: 'defillama-bridges', baseUrls: [this.bridgesUrl], ...common });
  }

  async bridgeVolumes(deadline: number): Promise<BridgeVolume[]> {
    const body = await this.bridgesApi.getJson(
      'bridges',
      { includeChains: 'true' },
      z.object({ bridges: rowsOf(Bridge) }),
      { deadline },
    );
    return body.bridges.map((b) => ({
      name: b.name,
      displayName: b.displayName ?? b.name,
      volume30dUsd: b.monthlyVolume,
    }));
  }

  tvl(slug: string, deadline: number): Promise<number> {
    return this.api.getJson(`tvl/${encodeURIComponent(slug)}`, {}, z.number().nonnegative(), { deadline });
  }

  hacks(deadline: number): Promise<Hack[]> {
    return this.api.getJson('hacks', {}, rowsOf(Hack), { deadline });
  }
}
