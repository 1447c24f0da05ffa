import { Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { SwrCache, type CachePolicy, type Cached } from '@toll/upstream';
import { holderFactsOf, tokenAccountOwner, type LargestAccount } from './holders';
import { LaunchLog } from './launch-log';
import { metadataAddress, parseMetaplexMetadata, type MetaplexMetadata } from './metaplex';
import { parseMint, uiAmount, type MintAccount } from './mint-layout';
import { scoreToken } from './score';
import type {
  HealthOutput,
  GetLaunchesInput,
  GetLaunchesOutput,
  GetScoreOutput,
  GetTokenOutput,
  Launch,
  MintInput,
} from './tokens.schemas';
import { SolanaRpcClient } from './upstreams/solana-rpc.client';

const MINUTE = 60_000;
// Mint info, authorities and metadata (upstreams.md §16): authorities can be revoked or changed at any time,
// so a read serves 5 minutes. Metadata comes in the same RPC call, so it costs nothing to refresh it as often.
const MINT_FRESH_MS = 5 * MINUTE;
// Kept an hour more and served, labelled stale, only while every RPC endpoint fails.
const MINT_STALE_MS = 60 * MINUTE;
const MINT: CachePolicy = { freshMs: MINT_FRESH_MS, staleMs: MINT_STALE_MS };
// Largest holders behind a score (§16 "safety score": 5 min, stale up to 1 h).
const HOLDERS: CachePolicy = { freshMs: 5 * MINUTE, staleMs: 60 * MINUTE };
// An address that is not a mint is asked again after 30 s: it may be a mint about to be created.
const NOT_MINT: CachePolicy = { freshMs: 30_000, staleMs: 0 };
// Mint and holder reads held in memory (oldest dropped first).
const CACHE_MAX_ENTRIES = 10_000;
// Recently scored tokens remembered for /launches.
const LAUNCHES_CAPACITY = 500;

type FoundMint = { found: true; token: MintAccount; metaplex: MetaplexMetadata | null; metadataAccount: string };
type MintLookup = FoundMint | { found: false; reason: string };
type Metadata = NonNullable<GetTokenOutput['metadata']>;

// The oldest read dates the answer; any stale part makes the whole answer stale.
function freshnessOf(parts: Array<Cached<unknown>>): GetTokenOutput['freshness'] {
  const asOf = parts.map((p) => p.freshness.fetchedAt).sort()[0];
  const stale = parts.find((p) => p.freshness.stale);
  return stale
    ? { stale: true, as_of: asOf, reason: stale.freshness.reason ?? 'refresh failed' }
    : { stale: false, as_of: asOf };
}

// The Token-2022 metadata extension wins over a Metaplex account: it is what Token-2022 wallets show.
function metadataOf(mint: string, { token, metaplex, metadataAccount }: FoundMint): Metadata | null {
  const t22 = token.tokenMetadata;
  if (t22) {
    return {
      source: 'token-2022',
      account: mint,
      update_authority: t22.updateAuthority,
      name: t22.name,
      symbol: t22.symbol,
      uri: t22.uri,
      is_mutable: t22.updateAuthority !== null,
      seller_fee_bps: null,
      primary_sale_happened: null,
      creators: [],
    };
  }
  if (!metaplex) return null;
  return {
    source: 'metaplex',
    account: metadataAccount,
    update_authority: metaplex.updateAuthority,
    name: metaplex.name,
    symbol: metaplex.symbol,
    uri: metaplex.uri,
    is_mutable: metaplex.isMutable,
    seller_fee_bps: metaplex.sellerFeeBps,
    primary_sale_happened: metaplex.primarySaleHappened,
    creators: metaplex.creators,
  };
}

@Injectable()
export class TokensService {
  // Date.now is read at call time, so the clock a test moves is the clock the cache sees.
  private readonly cache = new SwrCache(CACHE_MAX_ENTRIES, () => Date.now());
  private readonly launches = new LaunchLog(LAUNCHES_CAPACITY);

  constructor(private readonly rpc: SolanaRpcClient) {}

  async getToken({ mint }: MintInput, deadline: number): Promise<GetTokenOutput> {
    const lookup = await this.mint(mint, deadline);
    const { token } = lookup.value;
    const metadata = metadataOf(mint, lookup.value);
    return {
      mint,
      program: token.program,
      program_id: token.programId,
      name: metadata?.name ?? null,
      symbol: metadata?.symbol ?? null,
      decimals: token.decimals,
      supply: { amount: token.supply.toString(), ui_amount: uiAmount(token.supply, token.decimals) },
      mint_authority: token.mintAuthority,
      freeze_authority: token.freezeAuthority,
      metadata,
      extensions: token.extensions.map((e) => ({ extension: e.extension, type_id: e.typeId, state: e.state })),
      source: lookup.freshness.source,
      freshness: freshnessOf([lookup]),
    };
  }

  async getScore({ mint }: MintInput, deadline: number): Promise<GetScoreOutput> {
    const lookup = await this.mint(mint, deadline);
    const holders = await this.holders(mint, deadline);
    const { token } = lookup.value;
    const metadata = metadataOf(mint, lookup.value);
    const result = scoreToken({
      token,
      metadata: metadata && {
        source: metadata.source,
        account: metadata.account,
        updateAuthority: metadata.update_authority,
        isMutable: metadata.is_mutable,
      },
      holders: holderFactsOf(token.supply, holders.value),
    });
    const launch: Launch = {
      mint,
      program: token.program,
      name: metadata?.name ?? null,
      symbol: metadata?.symbol ?? null,
      score: result.score,
      risk: result.risk,
      flags: result.flags,
      scored_at: new Date().toISOString(),
    };
    this.launches.record(launch);
    return {
      ...launch,
      factors: result.factors,
      sources: { mint: lookup.freshness.source, holders: holders.freshness.source },
      freshness: freshnessOf([lookup, holders]),
    };
  }

  getLaunches({ limit }: GetLaunchesInput): GetLaunchesOutput {
    const items = this.launches.latest(limit);
    return { items, count: items.length, capacity: LAUNCHES_CAPACITY };
  }

  health(): Pick<HealthOutput, 'status' | 'upstreams' | 'cache' | 'launches'> {
    return {
      status: this.rpc.degraded ? 'degraded' : 'ok',
      upstreams: this.rpc.report(),
      cache: { entries: this.cache.size, ...this.cache.stats, fresh_ms: MINT_FRESH_MS, stale_ms: MINT_STALE_MS },
      launches: { count: this.launches.size, capacity: LAUNCHES_CAPACITY },
    };
  }

  // The mint and its Metaplex PDA in one getMultipleAccounts; NOT_FOUND (never charged) when it is no mint.
  private async mint(mint: string, deadline: number): Promise<Cached<FoundMint>> {
    const key = `mint:${mint}`;
    const known = this.cache.peek<MintLookup>(key);
    const lookup = await this.cache.get<MintLookup>(key, known?.value.found === false ? NOT_MINT : MINT, async () => {
      const metadataAccount = metadataAddress(mint);
      const { value: accounts, source } = await this.rpc.accounts([mint, metadataAccount], deadline);
      const [account, metadata] = accounts;
      if (!account) return { value: { found: false, reason: 'no account exists at this address' }, source };
      const parsed = parseMint(account.owner, account.data);
      if (parsed.kind === 'not-mint') return { value: { found: false, reason: parsed.reason }, source };
      const metaplex = metadata ? parseMetaplexMetadata(metadata.owner, metadata.data, mint) : null;
      return { value: { found: true, token: parsed.mint, metaplex, metadataAccount }, source };
    });
    const value = lookup.value;
    if (!value.found)
      throw new TollError('NOT_FOUND', `${mint} is not a token mint: ${value.reason}`, { mint, reason: value.reason });
    return { value, freshness: lookup.freshness };
  }

  // The largest token accounts and, in one more call, the wallets that own them.
  private holders(mint: string, deadline: number): Promise<Cached<LargestAccount[]>> {
    return this.cache.get(`holders:${mint}`, HOLDERS, async () => {
      const largest = await this.rpc.largestAccounts(mint, deadline);
      if (!largest.value.length) return { value: [], source: largest.source };
      const owners = await this.rpc.accounts(
        largest.value.map((a) => a.address),
        deadline,
      );
      const value = largest.value.map((a, i) => ({ ...a, owner: tokenAccountOwner(owners.value[i]?.data) }));
      return { value, source: [...new Set([largest.source, owners.source])].join(', ') };
    });
  }
}
