import { startLocalRpc, type LocalRpc } from '@toll/local-chain';
import { PROGRAMS } from '@toll/solana';
import { freePort, groupHarness } from '@toll/testing';
import { join } from 'node:path';
import { metadataAddress } from '../src/metaplex';
import { EXT, metaplexBytes, newKey, token2022MintBytes, type MetaplexFields } from './accounts';
import { startTokens } from '../src/bootstrap';

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const MINUTE = 60_000;
const TOKEN = PROGRAMS.token.toBase58();
const TOKEN_2022 = PROGRAMS.token2022.toBase58();
const SYSTEM = PROGRAMS.system.toBase58();
const SUPPLY = 1_000_000_000n; // 1,000 tokens at 6 decimals
const nameOf = (url: string) => `solana-rpc/${new URL(url).host}`;

// Prepared mints on a real LiteSVM chain, one per risk profile the score must rank.
interface Prepared {
  spread: string; // renounced authorities, immutable metadata, 40 equal holders
  frozen: string; // the same with an active freeze authority
  delegated: string; // Token-2022 with a permanent delegate and immutable metadata in the mint
  whale: string; // renounced, but one wallet holds 95%
  mutable: string; // mint authority kept, mutable Metaplex metadata with a creator
}

const wallets = Array.from({ length: 40 }, newKey);
const [FREEZER, DELEGATE, UPDATER, MINTER, CREATOR, WHALE_WALLET] = Array.from({ length: 6 }, newKey);
let whaleAccount: string;
let holderAccount: string;

function writeMetaplex(chain: LocalRpc['chain'], fields: MetaplexFields) {
  const data = metaplexBytes(fields);
  chain.setAccount(metadataAddress(String(fields.mint)), {
    lamports: chain.minimumBalanceForRentExemption(data.length),
    data,
    owner: PROGRAMS.tokenMetadata,
  });
}

function prepare(chain: LocalRpc['chain']): Prepared {
  const spreadTo = (mint: string) => wallets.forEach((w) => chain.mintTo(w, mint, SUPPLY / 40n));
  const metaplex = (mint: string, name: string, symbol: string, extra: Partial<MetaplexFields> = {}) =>
    writeMetaplex(chain, {
      updateAuthority: UPDATER,
      mint,
      name,
      symbol,
      uri: `https://example.org/${symbol.toLowerCase()}.json`,
      isMutable: false,
      ...extra,
    });

  const spread = chain.createMint({ decimals: 6, mintAuthority: null });
  spreadTo(spread);
  metaplex(spread, 'Spread Coin', 'SPRD');
  holderAccount = chain.mintTo(wallets[0], spread, 0);

  const frozen = chain.createMint({ decimals: 6, mintAuthority: null, freezeAuthority: FREEZER });
  spreadTo(frozen);
  metaplex(frozen, 'Freeze Coin', 'FRZ');

  const delegated = newKey();
  const data = token2022MintBytes({ mintAuthority: null, freezeAuthority: null, supply: 0n, decimals: 6 }, [
    EXT.permanentDelegate(DELEGATE),
    EXT.metadataPointer(null, delegated),
    EXT.tokenMetadata({
      updateAuthority: null,
      mint: delegated,
      name: 'Delegated Dollar',
      symbol: 'DDOL',
      uri: 'https://example.org/ddol.json',
    }),
  ]);
  chain.setAccount(delegated, {
    lamports: chain.minimumBalanceForRentExemption(data.length),
    data,
    owner: PROGRAMS.token2022,
  });
  spreadTo(delegated);

  const whale = chain.createMint({ decimals: 6, mintAuthority: null });
  whaleAccount = chain.mintTo(WHALE_WALLET, whale, 950_000_000n);
  wallets.slice(0, 10).forEach((w) => chain.mintTo(w, whale, 5_000_000n));
  metaplex(whale, 'Whale Coin', 'WHL');

  const mutable = chain.createMint({ decimals: 9, mintAuthority: MINTER });
  chain.mintTo(wallets[0], mutable, 1_500_000_000n);
  metaplex(mutable, 'Mutable Coin', 'MUT', {
    isMutable: true,
    sellerFeeBps: 500,
    creators: [{ address: CREATOR, verified: true, share: 100 }],
    primarySaleHappened: true,
  });

  return { spread, frozen, delegated, whale, mutable };
}

// The real group over a real NATS server, reading a local LiteSVM chain over JSON-RPC; odd RPC answers
// (503, error bodies, slowness) come from fixtures on a fake server. Every test starts a fresh group.
describe('tokens over NATS on a local chain', () => {
  let rpc: LocalRpc;
  let m: Prepared;
  const { fake, group, call, fixture, startGroup, stopGroups, track, data } = groupHarness({
    name: 'tokens',
    start: startTokens,
    fixtures: join(__dirname, 'fixtures'),
    replicas: 0,
  });

  const start = async (...urls: string[]) => {
    // no governor waits between test calls
    await startGroup({ TOKENS_RPC_URLS: urls.join(','), TOKENS_RPC_RATE_PER_SEC: '1000' });
  };
  const scenario = (...names: string[]) => fake.use(names.map(fixture));

  beforeAll(async () => {
    rpc = track(await startLocalRpc({ port: 0 }));
    m = prepare(rpc.chain);
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    fake.hits.length = 0;
    await stopGroups();
  });

  describe('getToken', () => {
    it('reads a classic SPL mint with its immutable Metaplex metadata', async () => {
      await start(rpc.url);
      expect(await data('getToken', { mint: m.spread })).toEqual({
        mint: m.spread,
        program: 'spl-token',
        program_id: TOKEN,
        name: 'Spread Coin',
        symbol: 'SPRD',
        decimals: 6,
        supply: { amount: '1000000000', ui_amount: '1000' },
        mint_authority: null,
        freeze_authority: null,
        metadata: {
          source: 'metaplex',
          account: metadataAddress(m.spread),
          update_authority: UPDATER,
          name: 'Spread Coin',
          symbol: 'SPRD',
          uri: 'https://example.org/sprd.json',
          is_mutable: false,
          seller_fee_bps: 0,
          primary_sale_happened: false,
          creators: [],
        },
        extensions: [],
        source: nameOf(rpc.url),
        freshness: { stale: false, as_of: ISO },
      });
    });

    it('reads kept authorities and mutable Metaplex metadata with royalties and creators', async () => {
      await start(rpc.url);
      expect(await data('getToken', { mint: m.mutable })).toMatchObject({
        name: 'Mutable Coin',
        symbol: 'MUT',
        decimals: 9,
        supply: { amount: '1500000000', ui_amount: '1.5' },
        mint_authority: MINTER,
        freeze_authority: null,
        metadata: {
          source: 'metaplex',
          update_authority: UPDATER,
          is_mutable: true,
          seller_fee_bps: 500,
          primary_sale_happened: true,
          creators: [{ address: CREATOR, verified: true, share: 100 }],
        },
      });
    });

    it('reads a Token-2022 mint: its extensions from the TLV bytes and its metadata from the extension', async () => {
      await start(rpc.url);
      expect(await data('getToken', { mint: m.delegated })).toEqual({
        mint: m.delegated,
        program: 'spl-token-2022',
        program_id: TOKEN_2022,
        name: 'Delegated Dollar',
        symbol: 'DDOL',
        decimals: 6,
        supply: { amount: '1000000000', ui_amount: '1000' },
        mint_authority: null,
        freeze_authority: null,
        metadata: {
          source: 'token-2022',
          account: m.delegated,
          update_authority: null,
          name: 'Delegated Dollar',
          symbol: 'DDOL',
          uri: 'https://example.org/ddol.json',
          is_mutable: false,
          seller_fee_bps: null,
          primary_sale_happened: null,
          creators: [],
        },
        extensions: [
          { extension: 'permanentDelegate', type_id: 12, state: { delegate: DELEGATE } },
          { extension: 'metadataPointer', type_id: 18, state: { authority: null, metadata_address: m.delegated } },
          {
            extension: 'tokenMetadata',
            type_id: 19,
            state: {
              update_authority: null,
              mint: m.delegated,
              name: 'Delegated Dollar',
              symbol: 'DDOL',
              uri: 'https://example.org/ddol.json',
              additional_metadata: 0,
            },
          },
        ],
        source: nameOf(rpc.url),
        freshness: { stale: false, as_of: ISO },
      });
    });
  });

  describe('getScore', () => {
    it('scores renounced authorities with spread holders 100, every factor passing, with its evidence', async () => {
      await start(rpc.url);
      const pass = (id: string, label: string, weight: number, detail: string, evidence: object) => ({
        id,
        label,
        weight,
        points_deducted: 0,
        status: 'pass',
        detail,
        evidence,
      });
      const holders = { supply: '1000000000', burned_excluded: '0', accounts_seen: 20 };
      const scored = await data('getScore', { mint: m.spread });
      expect(wallets).toContain(scored.factors[10].evidence.owner);
      expect(scored).toEqual({
        mint: m.spread,
        program: 'spl-token',
        name: 'Spread Coin',
        symbol: 'SPRD',
        score: 100,
        risk: 'low',
        flags: [],
        factors: [
          pass('mint_authority', 'Mint authority active', 25, 'renounced (none)', { mint_authority: null }),
          pass('freeze_authority', 'Freeze authority active', 20, 'renounced (none)', { freeze_authority: null }),
          pass(
            'permanent_delegate',
            'Permanent delegate (Token-2022)',
            25,
            'classic SPL Token mints cannot have a permanent delegate',
            { extension_present: false },
          ),
          pass(
            'non_transferable',
            'Non-transferable (Token-2022)',
            25,
            'classic SPL Token mints cannot have a non-transferable',
            { extension_present: false },
          ),
          pass(
            'default_account_state_frozen',
            'New accounts frozen by default (Token-2022)',
            15,
            'classic SPL Token mints cannot have a default-account-state',
            { extension_present: false },
          ),
          pass('pausable', 'Pausable transfers (Token-2022)', 15, 'classic SPL Token mints cannot have a pausable', {
            extension_present: false,
          }),
          pass(
            'transfer_hook',
            'Transfer hook (Token-2022)',
            10,
            'classic SPL Token mints cannot have a transfer hook',
            { extension_present: false },
          ),
          pass('transfer_fee', 'Transfer fee (Token-2022)', 10, 'classic SPL Token mints cannot have a transfer fee', {
            extension_present: false,
          }),
          pass(
            'mint_close_authority',
            'Mint close authority (Token-2022)',
            5,
            'classic SPL Token mints cannot have a mint-close-authority',
            { extension_present: false },
          ),
          pass('metadata_mutable', 'Metadata mutable', 5, 'immutable', {
            source: 'metaplex',
            metadata_account: metadataAddress(m.spread),
            update_authority: UPDATER,
            is_mutable: false,
          }),
          pass(
            'top_holder_share',
            'Top holder share of supply',
            15,
            expect.stringMatching(/^\w+ holds 2\.50% of the circulating supply$/),
            {
              owner: expect.any(String),
              token_accounts: [expect.any(String)],
              amount: '25000000',
              share: 0.025,
              ...holders,
            },
          ),
          pass('top10_holders_share', 'Top 10 holders share of supply', 15, 'the top 10 wallets hold 25.00%', {
            holders_counted: 10,
            amount: '250000000',
            share: 0.25,
            ...holders,
          }),
        ],
        scored_at: ISO,
        sources: { mint: nameOf(rpc.url), holders: nameOf(rpc.url) },
        freshness: { stale: false, as_of: ISO },
      });
    });

    it('ranks renounced + spread > active freeze authority > permanent delegate > one wallet holding 95%, each explained', async () => {
      await start(rpc.url);
      const [spread, frozen, delegated, whale] = await Promise.all(
        [m.spread, m.frozen, m.delegated, m.whale].map((mint) => data('getScore', { mint })),
      );
      expect([spread, frozen, delegated, whale].map((s) => [s.score, s.risk, s.flags])).toEqual([
        [100, 'low', []],
        [80, 'medium', ['freeze_authority']],
        [75, 'medium', ['permanent_delegate']],
        [70, 'medium', ['top_holder_share', 'top10_holders_share']],
      ]);
      expect(frozen.factors[1]).toEqual({
        id: 'freeze_authority',
        label: 'Freeze authority active',
        weight: 20,
        points_deducted: 20,
        status: 'fail',
        detail: `${FREEZER} can freeze any holder`,
        evidence: { freeze_authority: FREEZER },
      });
      expect(delegated.factors[2]).toEqual({
        id: 'permanent_delegate',
        label: 'Permanent delegate (Token-2022)',
        weight: 25,
        points_deducted: 25,
        status: 'fail',
        detail: `${DELEGATE} can transfer or burn tokens from any holder`,
        evidence: { extension_present: true, delegate: DELEGATE },
      });
      expect(delegated.factors[9]).toMatchObject({
        id: 'metadata_mutable',
        points_deducted: 0,
        evidence: { source: 'token-2022', metadata_account: m.delegated, update_authority: null, is_mutable: false },
      });
      const whaleHolders = { supply: '1000000000', burned_excluded: '0', accounts_seen: 11 };
      expect(whale.factors.slice(10)).toEqual([
        {
          id: 'top_holder_share',
          label: 'Top holder share of supply',
          weight: 15,
          points_deducted: 15,
          status: 'fail',
          detail: `${WHALE_WALLET} holds 95.00% of the circulating supply`,
          evidence: {
            owner: WHALE_WALLET,
            token_accounts: [whaleAccount],
            amount: '950000000',
            share: 0.95,
            ...whaleHolders,
          },
        },
        {
          id: 'top10_holders_share',
          label: 'Top 10 holders share of supply',
          weight: 15,
          points_deducted: 15,
          status: 'fail',
          detail: 'the top 10 wallets hold 99.50%',
          evidence: { holders_counted: 10, amount: '995000000', share: 0.995, ...whaleHolders },
        },
      ]);
    });

    it('deducts 5 for mutable metadata and 25 for a kept mint authority, one holder owning everything', async () => {
      await start(rpc.url);
      const scored = await data('getScore', { mint: m.mutable });
      expect([scored.score, scored.risk, scored.flags]).toEqual([
        40,
        'high',
        ['mint_authority', 'top_holder_share', 'top10_holders_share', 'metadata_mutable'],
      ]);
      expect(scored.factors[9]).toEqual({
        id: 'metadata_mutable',
        label: 'Metadata mutable',
        weight: 5,
        points_deducted: 5,
        status: 'fail',
        detail: `${UPDATER} can change name, symbol and URI`,
        evidence: {
          source: 'metaplex',
          metadata_account: metadataAddress(m.mutable),
          update_authority: UPDATER,
          is_mutable: true,
        },
      });
    });
  });

  describe('getLaunches', () => {
    it('lists scored mints newest first, honours the limit, and moves a re-scored mint to the top', async () => {
      await start(rpc.url);
      expect(await data('getLaunches', {})).toEqual({ items: [], count: 0, capacity: 500 });
      for (const mint of [m.spread, m.frozen, m.delegated, m.whale]) await data('getScore', { mint });
      const item = (mint: string, name: string, symbol: string, program: string, score: number, flags: string[]) => ({
        mint,
        program,
        name,
        symbol,
        score,
        risk: score >= 85 ? 'low' : 'medium',
        flags,
        scored_at: ISO,
      });
      const whale = item(m.whale, 'Whale Coin', 'WHL', 'spl-token', 70, ['top_holder_share', 'top10_holders_share']);
      const delegated = item(m.delegated, 'Delegated Dollar', 'DDOL', 'spl-token-2022', 75, ['permanent_delegate']);
      const frozen = item(m.frozen, 'Freeze Coin', 'FRZ', 'spl-token', 80, ['freeze_authority']);
      const spread = item(m.spread, 'Spread Coin', 'SPRD', 'spl-token', 100, []);
      expect(await data('getLaunches', { limit: 2 })).toEqual({ items: [whale, delegated], count: 2, capacity: 500 });
      expect(await data('getLaunches', {})).toEqual({
        items: [whale, delegated, frozen, spread],
        count: 4,
        capacity: 500,
      });
      await data('getScore', { mint: m.spread });
      expect((await data('getLaunches', { limit: 100 })).items.map((i: any) => i.mint)).toEqual([
        m.spread,
        m.whale,
        m.delegated,
        m.frozen,
      ]);
    });

    it('does not list a token merely looked up with getToken', async () => {
      await start(rpc.url);
      await data('getToken', { mint: m.spread });
      expect((await data('getLaunches', {})).count).toBe(0);
    });
  });

  describe('bad input and non-mints', () => {
    it('announces the base58 pattern so the gateway refuses a malformed mint before payment', async () => {
      await start(rpc.url);
      const { endpoints } = await data('getHealth', {});
      for (const id of ['tokens.getToken', 'tokens.getScore']) {
        expect(endpoints.find((e: any) => e.operation_id === id).input).toMatchObject({
          required: ['mint'],
          additionalProperties: false,
          properties: { mint: { type: 'string', pattern: '^[1-9A-HJ-NP-Za-km-z]{32,44}$' } },
        });
      }
    });

    it.each([
      [
        'a string that is not base58',
        { mint: 'not-a-mint!' },
        'mint',
        'must be a base58 Solana address (32-44 characters)',
      ],
      [
        'base58-excluded characters (0, O, I, l)',
        { mint: '0OIl'.repeat(10) },
        'mint',
        'must be a base58 Solana address (32-44 characters)',
      ],
      [
        'too short',
        { mint: 'So1111111111111111111111111111' },
        'mint',
        'must be a base58 Solana address (32-44 characters)',
      ],
      [
        '44 characters that decode to more than 32 bytes',
        { mint: 'z'.repeat(44) },
        'mint',
        'must decode to a 32-byte public key',
      ],
      ['a missing mint', {}, 'mint', 'Invalid input: expected string, received undefined'],
      [
        'an unknown field',
        { mint: 'So11111111111111111111111111111111111111112', extra: 1 },
        'extra',
        'is not an accepted field',
      ],
    ])('refuses %s with INVALID_INPUT naming the field', async (_what, input, field, message) => {
      await start(rpc.url);
      for (const operation of ['getToken', 'getScore']) {
        expect((await call(operation, input)).err).toEqual({
          code: 'INVALID_INPUT',
          message: 'Input failed validation',
          details: { issues: [{ field, message }] },
        });
      }
      expect(fake.hits).toHaveLength(0);
    });

    it.each([
      [0, 'Too small: expected number to be >=1'],
      [101, 'Too big: expected number to be <=100'],
      [2.5, 'Invalid input: expected int, received number'],
    ])('refuses launches limit %p', async (limit, message) => {
      await start(rpc.url);
      expect((await call('getLaunches', { limit })).err).toEqual({
        code: 'INVALID_INPUT',
        message: 'Input failed validation',
        details: { issues: [{ field: 'limit', message }] },
      });
    });

    it('answers NOT_FOUND for an address with no account, a wallet, and a token account', async () => {
      await start(rpc.url);
      const nobody = newKey();
      const wallet = newKey();
      rpc.chain.airdrop(wallet, 1_000_000_000n);
      const notFound = (mint: string, reason: string) => ({
        code: 'NOT_FOUND',
        message: `${mint} is not a token mint: ${reason}`,
        details: { mint, reason },
      });
      expect((await call('getToken', { mint: nobody })).err).toEqual(
        notFound(nobody, 'no account exists at this address'),
      );
      expect((await call('getScore', { mint: wallet })).err).toEqual(
        notFound(wallet, `not owned by a token program (owner ${SYSTEM})`),
      );
      expect((await call('getScore', { mint: holderAccount })).err).toEqual(
        notFound(holderAccount, 'a token account, not a mint'),
      );
      expect((await data('getLaunches', {})).count).toBe(0);
    });

    it('remembers a non-mint for 30 s only, so a mint created at that address is found afterwards', async () => {
      await start(rpc.url);
      const address = newKey();
      expect((await call('getToken', { mint: address })).err).toMatchObject({ code: 'NOT_FOUND' });
      rpc.chain.createMint({ address, decimals: 2, mintAuthority: MINTER, supply: 500 });
      expect((await call('getToken', { mint: address })).err).toMatchObject({ code: 'NOT_FOUND' });
      const realNow = Date.now;
      jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 31_000);
      expect(await data('getToken', { mint: address })).toMatchObject({
        mint: address,
        decimals: 2,
        supply: { amount: '500', ui_amount: '5' },
        mint_authority: MINTER,
        metadata: null,
        name: null,
      });
    });
  });

  describe('upstream failures', () => {
    it('uses the fallback endpoint when the primary answers 503, names it, and reports the primary failing', async () => {
      scenario('solana-rpc/down.503');
      await start(fake.url, rpc.url);
      const token = await data('getToken', { mint: m.spread });
      expect([token.name, token.source]).toEqual(['Spread Coin', nameOf(rpc.url)]);
      const score = await data('getScore', { mint: m.frozen });
      expect([score.score, score.sources]).toEqual([80, { mint: nameOf(rpc.url), holders: nameOf(rpc.url) }]);
      const health = await data('getHealth', {});
      expect(health.status).toBe('degraded');
      expect(health.upstreams).toEqual([
        {
          name: nameOf(fake.url),
          role: 'primary',
          state: 'failing',
          last_ok_at: null,
          last_error: { at: ISO, code: 'UPSTREAM_ERROR', message: 'answered HTTP 503' },
        },
        { name: nameOf(rpc.url), role: 'fallback', state: 'ok', last_ok_at: ISO, last_error: null },
      ]);
    });

    it('answers UPSTREAM_ERROR with the envelope when the only endpoint is down and nothing is cached', async () => {
      const dead = `http://127.0.0.1:${await freePort()}`;
      await start(dead);
      const failure = { source: nameOf(dead), code: 'UPSTREAM_ERROR', message: 'unreachable (ECONNREFUSED)' };
      expect((await call('getToken', { mint: m.spread })).err).toEqual({
        code: 'UPSTREAM_ERROR',
        message: `Solana RPC did not answer getMultipleAccounts: ${nameOf(dead)}: unreachable (ECONNREFUSED)`,
        details: { method: 'getMultipleAccounts', upstreams: [failure] },
      });
      expect((await call('getScore', { mint: m.spread })).err).toMatchObject({
        code: 'UPSTREAM_ERROR',
        details: { upstreams: [failure] },
      });
    });

    it('treats a 200 with a JSON-RPC error body as an error, failing over only when the node is the problem', async () => {
      scenario('solana-rpc/error-body.node-unhealthy');
      await start(fake.url);
      expect((await call('getToken', { mint: m.spread })).err).toEqual({
        code: 'UPSTREAM_ERROR',
        message:
          `Solana RPC did not answer getMultipleAccounts: ${nameOf(fake.url)}: JSON-RPC error -32005: Node is ` +
          `behind by 152 slots`,
        details: {
          method: 'getMultipleAccounts',
          upstreams: [
            {
              source: nameOf(fake.url),
              code: 'UPSTREAM_ERROR',
              message: 'JSON-RPC error -32005: Node is behind by 152 slots',
            },
          ],
        },
      });
      await group!.close();
      await start(fake.url, rpc.url);
      expect((await data('getToken', { mint: m.spread })).source).toBe(nameOf(rpc.url));
      await group!.close();
      scenario('solana-rpc/error-body.invalid-params');
      await start(fake.url, rpc.url);
      expect((await call('getToken', { mint: m.spread })).err).toEqual({
        code: 'UPSTREAM_ERROR',
        message:
          `Solana RPC did not answer getMultipleAccounts: ${nameOf(fake.url)}: JSON-RPC error -32602: Invalid ` +
          `param: WrongSize`,
        details: {
          method: 'getMultipleAccounts',
          upstreams: [
            {
              source: nameOf(fake.url),
              code: 'UPSTREAM_ERROR',
              message: 'JSON-RPC error -32602: Invalid param: WrongSize',
            },
          ],
        },
      });
    });

    it('answers UPSTREAM_TIMEOUT by the caller deadline when the RPC is slower', async () => {
      scenario('solana-rpc/slow');
      await start(fake.url);
      const started = Date.now();
      const { err } = await call('getScore', { mint: m.spread }, 300);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(err).toEqual({
        code: 'UPSTREAM_TIMEOUT',
        message: expect.stringMatching(
          new RegExp(`^Solana RPC did not answer getMultipleAccounts: ${nameOf(fake.url)}: did not answer in \\d+ ms$`),
        ),
        details: {
          method: 'getMultipleAccounts',
          upstreams: [
            {
              source: nameOf(fake.url),
              code: 'UPSTREAM_TIMEOUT',
              message: expect.stringMatching(/^did not answer in \d+ ms$/),
            },
          ],
        },
      });
    });

    it('serves cached reads labelled stale when every endpoint is down after they expired, and errors past the stale window', async () => {
      const own = await startLocalRpc({ port: 0 });
      const mint = own.chain.createMint({ decimals: 6, mintAuthority: null, freezeAuthority: FREEZER });
      wallets.forEach((w) => own.chain.mintTo(w, mint, SUPPLY / 40n));
      writeMetaplex(own.chain, {
        updateAuthority: UPDATER,
        mint,
        name: 'Short Lived',
        symbol: 'SHRT',
        uri: 'https://example.org/shrt.json',
        isMutable: false,
      });
      await start(own.url);
      const token = await data('getToken', { mint });
      const score = await data('getScore', { mint });
      await own.close();
      const realNow = Date.now;
      const later = (ms: number) => jest.spyOn(Date, 'now').mockImplementation(() => realNow() + ms);
      later(6 * MINUTE);
      const reason =
        `UPSTREAM_ERROR: Solana RPC did not answer getMultipleAccounts: ${nameOf(own.url)}: unreachable ` +
        `(ECONNREFUSED)`;
      expect(await data('getToken', { mint })).toEqual({
        ...token,
        freshness: { stale: true, as_of: token.freshness.as_of, reason },
      });
      const stale = await data('getScore', { mint });
      expect(stale).toEqual({
        ...score,
        scored_at: ISO,
        freshness: { stale: true, as_of: expect.any(String), reason },
      });
      expect([stale.score, stale.flags]).toEqual([80, ['freeze_authority']]);
      later(2 * 60 * MINUTE);
      expect((await call('getToken', { mint })).err).toMatchObject({
        code: 'UPSTREAM_ERROR',
        message: reason.slice('UPSTREAM_ERROR: '.length),
      });
    });
  });

  it('serves its health: status, endpoints, prices, cache and launches', async () => {
    await start(rpc.url);
    const health = await data('getHealth', {});
    expect(health).toMatchObject({
      service: 'tokens',
      title: 'Token Safety',
      status: 'ok',
      upstreams: [{ name: nameOf(rpc.url), role: 'primary', state: 'unused', last_ok_at: null, last_error: null }],
      tolls: [
        {
          operation_id: 'tokens.getToken',
          method: 'GET',
          path: '/toll/tokens/token/{mint}',
          price: { per: 'call', usd: '0.005' },
        },
        {
          operation_id: 'tokens.getScore',
          method: 'GET',
          path: '/toll/tokens/score/{mint}',
          price: { per: 'call', usd: '0.02' },
        },
        { operation_id: 'tokens.getLaunches', method: 'GET', path: '/toll/tokens/launches', price: null },
        { operation_id: 'tokens.getHealth', method: 'GET', path: '/toll/tokens/health', price: null },
      ],
      cache: { entries: 0, hits: 0, misses: 0, stale: 0, errors: 0, fresh_ms: 300_000, stale_ms: 3_600_000 },
      launches: { count: 0, capacity: 500 },
    });
    expect(health.endpoints.map((e: any) => [e.operation_id, e.method, e.path])).toEqual([
      ['tokens.getToken', 'GET', '/toll/tokens/token/{mint}'],
      ['tokens.getScore', 'GET', '/toll/tokens/score/{mint}'],
      ['tokens.getLaunches', 'GET', '/toll/tokens/launches'],
      ['tokens.getHealth', 'GET', '/toll/tokens/health'],
    ]);
    await data('getScore', { mint: m.spread });
    expect((await data('getHealth', {})).cache).toMatchObject({ entries: 2, misses: 2 });
  });
});
