import {
  AddressLookupTableAccount,
  AddressLookupTableProgram,
  ComputeBudgetProgram,
  Ed25519Program,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { startLocalRpc, type LocalChain, type LocalRpc } from '@toll/local-chain';
import { Clock } from '@toll/platform';
import { PROGRAMS } from '@toll/solana';
import { fixtureNamed, groupHarness, loadFixtures, type Fixture, tollsOf } from '@toll/testing';
import { join } from 'node:path';
import { startFees } from '../src/bootstrap';
import { METHOD } from '../src/fee-market';
import { startRpcSwitch, type RpcSwitch } from './rpc-switch';

const FIXTURES = loadFixtures(join(__dirname, 'fixtures'));
const fx = (name: string): Fixture => fixtureNamed(FIXTURES, name);

const T0 = Date.parse('2026-11-22T14:20:00Z');
const MINUTE = 60_000;
// Compute-unit prices (micro-lamports) of the transactions that make the fee market, one per slot. With the
// genesis slot and the payer's airdrop (both 0) the 12 samples sort to
// 0 0 1001 2503 3001 4007 5003 6007 7013 8009 50021 100003; nearest ranks ceil(p × 12 / 100) = 3, 6, 9, 11, 12.
const MARKET_PRICES = [1001, 5003, 2503, 8009, 3001, 50021, 4007, 7013, 6007, 100003];
const PERCENTILES = { p25: '1001', p50: '4007', p75: '7013', p90: '50021', p99: '100003' };
const NO_LIMIT_NOTE =
  'The transaction sets no compute-unit limit, so the priority fee is priced on the simulated units; as it is, ' +
  'the runtime would charge ' +
  'its price on the default limit (200,000 per non-builtin instruction). /toll/fees/optimize sets a limit.';

// The real group over a real NATS server; its two RPC URLs pass through to a real local chain (LiteSVM), and each
// can be switched to a fixture (503, error body, odd shape, slow) or dropped.
describe('fees over NATS against a local chain', () => {
  let rpc: LocalRpc;
  let chain: LocalChain;
  let primary: RpcSwitch;
  let fallback: RpcSwitch;
  let genesis: number;
  let now = T0;
  const payer = Keypair.generate();

  const call = (operation: string, input: unknown, deadlineMs = 8_000) => callFees(operation, input, deadlineMs);
  const data = async (operation: string, input: unknown) => {
    const reply = await call(operation, input);
    expect(reply.err).toBeUndefined();
    return reply.response!.data;
  };
  const failure = async (operation: string, input: unknown) => {
    const reply = await call(operation, input);
    expect(reply.response).toBeUndefined();
    return reply.err;
  };
  const chainRpc = async (method: string, params: unknown[]) => {
    const res = await fetch(rpc.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    return ((await res.json()) as { result: any }).result;
  };

  const fresh = () => ({ as_of: new Date(now).toISOString(), stale: false });
  const market = (accounts: string[]) => ({
    accounts: [...accounts].sort(),
    unit: 'micro-lamports per compute unit',
    percentiles: PERCENTILES,
    min: '0',
    max: '100003',
    samples: 12,
    nonzero_samples: 10,
    slots: { first: genesis, last: genesis + 11 },
  });
  const transfer = (to: PublicKey, lamports: number | bigint = 1_000_000) =>
    SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports });
  const memo = (text: string) =>
    new TransactionInstruction({
      programId: PROGRAMS.memo,
      keys: [{ pubkey: payer.publicKey, isSigner: true, isWritable: true }],
      data: Buffer.from(text),
    });
  const signed = (tx: VersionedTransaction, signers = [payer]) => (tx.sign(signers), tx);
  const legacyTx = (instructions: TransactionInstruction[]) =>
    signed(
      new VersionedTransaction(
        new TransactionMessage({
          payerKey: payer.publicKey,
          recentBlockhash: chain.latestBlockhash().blockhash,
          instructions,
        }).compileToLegacyMessage(),
      ),
    );
  const v0Tx = (instructions: TransactionInstruction[], tables: AddressLookupTableAccount[] = []) =>
    signed(
      new VersionedTransaction(
        new TransactionMessage({
          payerKey: payer.publicKey,
          recentBlockhash: chain.latestBlockhash().blockhash,
          instructions,
        }).compileToV0Message(tables),
      ),
    );
  const b64 = (tx: VersionedTransaction) => Buffer.from(tx.serialize()).toString('base64');
  const withoutBudget = (tx: VersionedTransaction, tables: AddressLookupTableAccount[] = []) =>
    TransactionMessage.decompile(tx.message, { addressLookupTableAccounts: tables }).instructions.filter(
      (ix) => !ix.programId.equals(PROGRAMS.computeBudget),
    );

  // An address lookup table; written straight into the chain unless `onChain` is false: 56-byte meta (type 1,
  // never deactivated, no authority), then the addresses.
  const lookupTable = (addresses: PublicKey[], onChain = true): AddressLookupTableAccount => {
    const state = { deactivationSlot: 2n ** 64n - 1n, lastExtendedSlot: 0, lastExtendedSlotStartIndex: 0, addresses };
    const table = new AddressLookupTableAccount({ key: Keypair.generate().publicKey, state });
    const meta = Buffer.alloc(56);
    meta.writeUInt32LE(1, 0);
    meta.writeBigUInt64LE(state.deactivationSlot, 4);
    const data = Buffer.concat([meta, ...addresses.map((a) => a.toBuffer())]);
    if (onChain)
      chain.setAccount(table.key, {
        lamports: chain.minimumBalanceForRentExemption(data.length),
        data,
        owner: AddressLookupTableProgram.programId,
      });
    return table;
  };

  const { call: callFees } = groupHarness({
    name: 'fees',
    start: startFees,
    setup: async ({ track }) => {
      rpc = track(await startLocalRpc({ port: 0, slotMs: 0 }));
      chain = rpc.chain;
      [primary, fallback] = (await Promise.all([startRpcSwitch(rpc.url), startRpcSwitch(rpc.url)])).map(track);
      // Manual slots (slotMs 0): each landed transaction is its own block, so the fee samples are exactly what we send.
      genesis = chain.slot;
      chain.airdrop(payer.publicKey, 10_000n * BigInt(LAMPORTS_PER_SOL));
      for (const price of MARKET_PRICES) {
        chain.send(
          legacyTx([
            ComputeBudgetProgram.setComputeUnitPrice({ microLamports: price }),
            transfer(Keypair.generate().publicKey),
          ]).serialize(),
        );
      }
    },
    clock: { token: Clock, now: () => now },
    env: () => ({ FEES_RPC_URLS: `${primary.url},${fallback.url}`, FEES_RPC_TIMEOUT_MS: '1000' }),
  });

  // Every test starts past the stale window (60 s), with both endpoints passing through.
  beforeEach(() => {
    now += 10 * MINUTE;
    for (const s of [primary, fallback]) {
      s.pass();
      s.methods.length = 0;
    }
  });

  it('serves its health: endpoints probed live, tolls, cache stats, settings and the catalog', async () => {
    const health = await data('getHealth', {});
    expect(health).toMatchObject({ service: 'fees', title: 'Fee Oracle', status: 'ok' });
    expect(health.endpoints.map((e: any) => e.operation_id)).toEqual([
      'fees.getFees',
      'fees.estimate',
      'fees.optimize',
      'fees.getHealth',
    ]);
    expect(health.tolls).toEqual(
      tollsOf([
        ['fees.getFees', 'GET', '/toll/fees/fees', null],
        ['fees.estimate', 'POST', '/toll/fees/estimate', '0.005'],
        ['fees.optimize', 'POST', '/toll/fees/optimize', '0.005'],
        ['fees.getHealth', 'GET', '/toll/fees/health', null],
      ]),
    );
    const up = (id: string, role: string, url: string) => ({
      id,
      role,
      host: new URL(url).host,
      status: 'up',
      latency_ms: expect.any(Number),
      slot: genesis + 11,
      error: null,
      last_success_at: null,
      last_latency_ms: null,
      last_failure: null,
    });
    expect(health.sources).toEqual([up('rpc-1', 'primary', primary.url), up('rpc-2', 'fallback', fallback.url)]);
    expect(health.cache).toEqual({ entries: 0, hits: 0, misses: 0, stale: 0, errors: 0 });
    expect(health.settings).toEqual({
      cu_margin: '1.1',
      cu_floor: 1000,
      cu_cap: 1400000,
      rpc_timeout_ms: 1000,
      level_percentiles: { low: 25, medium: 50, high: 75 },
    });
  });

  it('computes the fee percentiles exactly from the prioritization fees landed on the chain, then serves them from cache', async () => {
    const expected = {
      ...market([]),
      levels: { low: '1001', medium: '4007', high: '7013' },
      level_percentiles: { low: 25, medium: 50, high: 75 },
      method: METHOD,
      source: 'rpc-1',
      freshness: fresh(),
      notes: [],
    };
    expect(await data('getFees', {})).toEqual(expected);
    expect(await data('getFees', {})).toEqual(expected);
    expect(primary.methods).toEqual(['getRecentPrioritizationFees']);
  });

  it('estimates for accounts: signatures × 5,000 + ceil(units × price / 10⁶), exactly', async () => {
    const accounts = [payer.publicKey.toBase58(), Keypair.generate().publicKey.toBase58()];
    // high = p75 = 7013; 2 × 5,000 + ceil(300,000 × 7,013 / 10⁶ = 2,103.9) = 10,000 + 2,104
    expect(await data('estimate', { accounts, priority: 'high', compute_units: 300_000, signatures: 2 })).toEqual({
      priority: 'high',
      percentile: 75,
      compute_unit_price: '7013',
      fee_market: market(accounts),
      source: 'rpc-1',
      freshness: fresh(),
      notes: [],
      compute_units: 300000,
      compute_units_source: 'input',
      signatures: 2,
      lamports_per_signature: '5000',
      base_fee_lamports: '10000',
      priority_fee_lamports: '2104',
      total_fee_lamports: '12104',
      formula: '2 × 5000 + ceil(300000 × 7013 / 1000000) = 10000 + 2104 = 12104',
      transaction: null,
    });
    // low = p25 = 1001 on the default 200,000 units and 1 signature: 5,000 + ceil(200.2)
    expect(await data('estimate', { accounts: accounts.slice(1), priority: 'low' })).toMatchObject({
      compute_unit_price: '1001',
      compute_units: 200000,
      compute_units_source: 'default',
      signatures: 1,
      priority_fee_lamports: '201',
      total_fee_lamports: '5201',
      fee_market: market(accounts.slice(1)),
    });
  });

  it("estimates a transaction on its own SetComputeUnitLimit, matching the chain's fee for that price", async () => {
    const recipient = Keypair.generate().publicKey;
    const tx = legacyTx([
      ComputeBudgetProgram.setComputeUnitLimit({ units: 30_000 }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1 }),
      transfer(recipient),
    ]);
    const estimate = await data('estimate', { transaction_base64: b64(tx) });
    // medium = p50 = 4007: 5,000 + ceil(30,000 × 4,007 / 10⁶ = 120.21)
    expect(estimate).toEqual({
      priority: 'medium',
      percentile: 50,
      compute_unit_price: '4007',
      fee_market: market([payer.publicKey.toBase58(), recipient.toBase58()]),
      source: 'rpc-1',
      freshness: fresh(),
      notes: [],
      compute_units: 30000,
      compute_units_source: 'instruction',
      signatures: 1,
      lamports_per_signature: '5000',
      base_fee_lamports: '5000',
      priority_fee_lamports: '121',
      total_fee_lamports: '5121',
      formula: '1 × 5000 + ceil(30000 × 4007 / 1000000) = 5000 + 121 = 5121',
      transaction: {
        version: 'legacy',
        compute_budget: { unit_limit: 30000, unit_price: '1' },
        writable_accounts: 2,
        lookup_tables: 0,
      },
    });
    expect(primary.methods).toEqual(['getRecentPrioritizationFees']); // no simulation needed
    // The chain's own fee for the same transaction at that price.
    const atPrice = legacyTx([
      ComputeBudgetProgram.setComputeUnitLimit({ units: 30_000 }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 4007 }),
      transfer(recipient),
    ]);
    const chainFee = await chainRpc('getFeeForMessage', [Buffer.from(atPrice.message.serialize()).toString('base64')]);
    expect(String(chainFee.value)).toBe(estimate.total_fee_lamports);
  });

  it('estimates a transaction without a limit on its simulated units, and says so', async () => {
    const recipient = Keypair.generate().publicKey;
    const tx = v0Tx([transfer(recipient)]);
    expect(await data('estimate', { transaction_base64: b64(tx), priority: 'high' })).toEqual({
      priority: 'high',
      percentile: 75,
      compute_unit_price: '7013',
      fee_market: market([payer.publicKey.toBase58(), recipient.toBase58()]),
      source: 'rpc-1',
      freshness: fresh(),
      notes: [NO_LIMIT_NOTE],
      compute_units: 150,
      compute_units_source: 'simulation',
      signatures: 1,
      lamports_per_signature: '5000',
      base_fee_lamports: '5000',
      priority_fee_lamports: '2', // ceil(150 × 7,013 / 10⁶ = 1.05)
      total_fee_lamports: '5002',
      formula: '1 × 5000 + ceil(150 × 7013 / 1000000) = 5000 + 2 = 5002',
      transaction: {
        version: 0,
        compute_budget: { unit_limit: null, unit_price: null },
        writable_accounts: 2,
        lookup_tables: 0,
      },
    });
    expect(primary.methods.sort()).toEqual(['getRecentPrioritizationFees', 'simulateTransaction']);
  });

  it('counts the signatures a precompile verifies, as the chain charges them', async () => {
    const ed25519 = Ed25519Program.createInstructionWithPrivateKey({
      privateKey: Keypair.generate().secretKey,
      message: Buffer.from('order-7'),
    });
    const budget = [
      ComputeBudgetProgram.setComputeUnitLimit({ units: 10_000 }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 4007 }),
    ];
    const tx = legacyTx([...budget, ed25519, transfer(Keypair.generate().publicKey)]);
    const estimate = await data('estimate', { transaction_base64: b64(tx) });
    // 2 × 5,000 + ceil(10,000 × 4,007 / 10⁶ = 40.07)
    expect(estimate).toMatchObject({
      signatures: 2,
      base_fee_lamports: '10000',
      priority_fee_lamports: '41',
      total_fee_lamports: '10041',
    });
    const chainFee = await chainRpc('getFeeForMessage', [Buffer.from(tx.message.serialize()).toString('base64')]);
    expect(chainFee.value).toBe(10041);
  });

  it('resolves address lookup tables through the RPC; a missing table is a 400 on transaction_base64', async () => {
    const viaTable = Keypair.generate().publicKey;
    const table = lookupTable([viaTable]);
    const tx = v0Tx([ComputeBudgetProgram.setComputeUnitLimit({ units: 5_000 }), transfer(viaTable)], [table]);
    expect(tx.message.addressTableLookups).toHaveLength(1);
    expect(await data('estimate', { transaction_base64: b64(tx), priority: 'low' })).toMatchObject({
      fee_market: market([payer.publicKey.toBase58(), viaTable.toBase58()]),
      compute_units: 5000,
      priority_fee_lamports: '6', // ceil(5,000 × 1,001 / 10⁶ = 5.005)
      total_fee_lamports: '5006',
      transaction: {
        version: 0,
        compute_budget: { unit_limit: 5000, unit_price: null },
        writable_accounts: 2,
        lookup_tables: 1,
      },
    });
    expect(primary.methods).toEqual(['getMultipleAccounts', 'getRecentPrioritizationFees']);

    const missing = lookupTable([viaTable], false);
    const orphan = v0Tx([transfer(viaTable)], [missing]);
    const message = `address lookup table ${missing.key.toBase58()} does not exist`;
    expect(await failure('optimize', { transaction_base64: b64(orphan) })).toEqual({
      code: 'INVALID_INPUT',
      message,
      details: { issues: [{ field: 'transaction_base64', message }] },
    });
  });

  it('turns a failing simulation into INVALID_INPUT with the simulation error and logs', async () => {
    const balance = chain.getBalance(payer.publicKey);
    const tx = legacyTx([transfer(Keypair.generate().publicKey, 10n ** 18n)]);
    const err = await failure('optimize', { transaction_base64: b64(tx) });
    expect(err).toEqual({
      code: 'INVALID_INPUT',
      message: 'simulation failed: {"InstructionError":[2,{"Custom":1}]}',
      details: {
        issues: [{ field: 'transaction_base64', message: 'simulation failed: {"InstructionError":[2,{"Custom":1}]}' }],
        simulation: {
          err: { InstructionError: [2, { Custom: 1 }] },
          logs: [
            'Program ComputeBudget111111111111111111111111111111 invoke [1]',
            'Program ComputeBudget111111111111111111111111111111 success',
            'Program ComputeBudget111111111111111111111111111111 invoke [1]',
            'Program ComputeBudget111111111111111111111111111111 success',
            'Program 11111111111111111111111111111111 invoke [1]',
            `Transfer: insufficient lamports ${balance - 5000n}, need 1000000000000000000`,
            'Program 11111111111111111111111111111111 failed: custom program error: 0x1',
          ],
          units_consumed: 450,
          note: 'Instruction indexes count the SetComputeUnitLimit and SetComputeUnitPrice placed first.',
        },
      },
    });
  });

  it('refuses a transaction that the compute-budget instructions would push past 1232 bytes', async () => {
    const tx = legacyTx([transfer(Keypair.generate().publicKey), memo('x'.repeat(950))]);
    expect(tx.serialize().length).toBe(1202);
    const message = 'with the compute-budget instructions the transaction would exceed 1232 bytes (1254)';
    expect(await failure('optimize', { transaction_base64: b64(tx) })).toEqual({
      code: 'INVALID_INPUT',
      message: 'Input failed validation',
      details: { issues: [{ field: 'transaction_base64', message }] },
    });
    expect(primary.methods).toEqual([]);
  });

  it('rejects bad input with INVALID_INPUT naming the field', async () => {
    const key = payer.publicKey.toBase58();
    const issues = async (operation: string, input: unknown) => {
      const err = await failure(operation, input);
      expect(err.code).toBe('INVALID_INPUT');
      return err.details.issues;
    };
    const only = (field: string, message: string) => [{ field, message }];
    const B64_MESSAGE = 'must be standard padded base64';
    expect(await issues('estimate', { transaction_base64: 'not base64!' })).toEqual(
      only('transaction_base64', B64_MESSAGE),
    );
    expect(await issues('optimize', { transaction_base64: 'AQID' + 'A' })).toEqual(
      only('transaction_base64', B64_MESSAGE),
    );
    expect(await issues('optimize', { transaction_base64: 'A'.repeat(1648) })).toEqual(
      only('transaction_base64', 'at most 1644 base64 characters (1232 bytes, the Solana transaction size limit)'),
    );
    expect(await issues('estimate', { transaction_base64: 'A'.repeat(1644) })).toEqual(
      only('transaction_base64', 'decodes to more than 1232 bytes (the Solana transaction size limit)'),
    );
    expect(await issues('estimate', {})).toEqual(only('transaction_base64', 'give transaction_base64 or accounts'));
    const valid = b64(legacyTx([transfer(Keypair.generate().publicKey)]));
    expect(await issues('estimate', { transaction_base64: valid, accounts: [key] })).toEqual(
      only('accounts', 'give transaction_base64 or accounts, not both'),
    );
    expect(await issues('estimate', { transaction_base64: valid, compute_units: 5 })).toEqual(
      only('compute_units', 'only with accounts: a transaction carries its own'),
    );
    expect(await issues('estimate', { accounts: [] })).toEqual(
      only('accounts', 'Too small: expected array to have >=1 items'),
    );
    expect(await issues('estimate', { accounts: Array(65).fill(key) })).toEqual(
      only('accounts', 'Too big: expected array to have <=64 items'),
    );
    expect(await issues('estimate', { accounts: [key, 'not-a-key-0000000000000000000000000'] })).toEqual(
      only('accounts.1', 'must be a base58 Solana public key'),
    );
    expect(await issues('estimate', { accounts: [key], priority: 'urgent' })).toEqual(
      only('priority', 'Invalid option: expected one of "low"|"medium"|"high"'),
    );
    expect(await issues('estimate', { accounts: [key], compute_units: 1_400_001 })).toEqual(
      only('compute_units', 'Too big: expected number to be <=1400000'),
    );
    expect(await issues('optimize', { transaction_base64: valid, fee: 1 })).toEqual(
      only('fee', 'is not an accepted field'),
    );
    expect(await issues('getFees', { accounts: key })).toEqual(only('accounts', 'is not an accepted field'));
    // Valid base64 that is not a transaction: refused by the schema, before any RPC call (and, at the gateway, before
    // payment).
    expect(await failure('estimate', { transaction_base64: 'AQID' })).toEqual({
      code: 'INVALID_INPUT',
      message: 'Input failed validation',
      details: {
        issues: only(
          'transaction_base64',
          'is not a serialized Solana transaction: Reached end of buffer unexpectedly',
        ),
      },
    });
    expect([...primary.methods, ...fallback.methods]).toEqual([]);
  });

  it('falls back when the primary answers 503, an error body with HTTP 200, or an unexpected shape, and names the fallback', async () => {
    primary.serve(fx('unavailable-503'));
    expect(await data('getFees', {})).toMatchObject({
      ...market([]),
      source: 'rpc-2',
      freshness: fresh(),
      notes: ['rpc-1 failed (answered HTTP 503); answered by the fallback rpc-2'],
    });

    now += 10 * MINUTE;
    primary.serve(fx('node-behind-error-200'));
    expect(await data('estimate', { accounts: [payer.publicKey.toBase58()], compute_units: 1000 })).toMatchObject({
      source: 'rpc-2',
      notes: ['rpc-1 failed (JSON-RPC error -32005: Node is behind by 42 slots); answered by the fallback rpc-2'],
      total_fee_lamports: '5005', // 5,000 + ceil(1,000 × 4,007 / 10⁶)
    });

    now += 10 * MINUTE;
    primary.serve(fx('unexpected-shape-200'));
    expect(await data('getFees', {})).toMatchObject({
      source: 'rpc-2',
      notes: [
        'rpc-1 failed (unexpected getRecentPrioritizationFees result shape (result: Invalid input: expected ' +
          'array, received object)); answered by the fallback rpc-2',
      ],
    });
    expect(primary.methods).toEqual([
      'getRecentPrioritizationFees',
      'getRecentPrioritizationFees',
      'getRecentPrioritizationFees',
    ]);
  });

  it('serves the last fee market labelled stale when every endpoint fails, within a minute', async () => {
    const fetchedAt = new Date(now).toISOString();
    await data('getFees', {});
    now += 30_000;
    primary.serve(fx('unavailable-503'));
    fallback.serve(fx('node-behind-error-200'));
    expect(await data('getFees', {})).toEqual({
      ...market([]),
      levels: { low: '1001', medium: '4007', high: '7013' },
      level_percentiles: { low: 25, medium: 50, high: 75 },
      method: METHOD,
      source: 'rpc-1',
      freshness: {
        as_of: fetchedAt,
        stale: true,
        reason: 'UPSTREAM_ERROR: No Solana RPC endpoint answered getRecentPrioritizationFees',
      },
      notes: [],
    });
    now += 40_000; // past fresh (2 s) + stale (60 s)
    expect((await failure('getFees', {})).code).toBe('UPSTREAM_ERROR');
  });

  it('answers the error envelope when every endpoint fails and nothing is cached', async () => {
    primary.serve(fx('unavailable-503'));
    fallback.serve(fx('node-behind-error-200'));
    expect(await failure('estimate', { accounts: [Keypair.generate().publicKey.toBase58()] })).toEqual({
      code: 'UPSTREAM_ERROR',
      message: 'No Solana RPC endpoint answered getRecentPrioritizationFees',
      details: {
        method: 'getRecentPrioritizationFees',
        attempts: [
          { source: 'rpc-1', error: 'answered HTTP 503' },
          { source: 'rpc-2', error: 'JSON-RPC error -32005: Node is behind by 42 slots' },
        ],
      },
    });
  });

  it('is an UPSTREAM_ERROR when the RPC is down, even with the fee market cached: optimize needs a simulation', async () => {
    const tx = legacyTx([transfer(Keypair.generate().publicKey)]);
    primary.down();
    fallback.down();
    expect(await failure('optimize', { transaction_base64: b64(tx) })).toEqual({
      code: 'UPSTREAM_ERROR',
      message: expect.stringMatching(
        /^No Solana RPC endpoint answered (getRecentPrioritizationFees|simulateTransaction)$/,
      ),
      details: {
        method: expect.any(String),
        attempts: [
          { source: 'rpc-1', error: 'unreachable (UND_ERR_SOCKET)' },
          { source: 'rpc-2', error: 'unreachable (UND_ERR_SOCKET)' },
        ],
      },
    });
  });

  it('answers UPSTREAM_TIMEOUT promptly when the caller deadline is shorter than a slow endpoint', async () => {
    primary.serve(fx('slow-5s'));
    fallback.serve(fx('slow-5s'));
    const started = Date.now();
    const reply = await call('getFees', {}, 400);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(reply.err).toEqual({
      code: 'UPSTREAM_TIMEOUT',
      message: 'Solana RPC did not answer getRecentPrioritizationFees before the deadline',
      details: {
        method: 'getRecentPrioritizationFees',
        attempts: [
          { source: 'rpc-1', error: expect.stringMatching(/^did not answer in 3\d\d ms$/) },
          { source: 'rpc-2', error: 'not tried: no time left before the deadline' },
        ],
      },
    });
  });

  it('reports a down endpoint in health as degraded', async () => {
    primary.down();
    const health = await data('getHealth', {});
    expect(health.status).toBe('degraded');
    expect(health.sources.map((s: any) => [s.id, s.status, s.error])).toEqual([
      ['rpc-1', 'down', 'unreachable (UND_ERR_SOCKET)'],
      ['rpc-2', 'up', null],
    ]);
  });

  it('optimizes a legacy transaction: same instructions plus a limit covering the simulated units; it lands for the fee quoted', async () => {
    const recipient = Keypair.generate().publicKey;
    const original = legacyTx([
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1 }),
      transfer(recipient),
      memo('x'.repeat(400)),
    ]);
    const out = await data('optimize', { transaction_base64: b64(original) });
    const { transaction_base64, logs, ...numbers } = out;
    expect(numbers).toEqual({
      version: 'legacy',
      priority: 'medium',
      percentile: 50,
      compute_unit_price: '4007',
      fee_market: market([payer.publicKey.toBase58(), recipient.toBase58()]),
      source: 'rpc-1',
      freshness: fresh(),
      notes: [],
      units_consumed: 1276,
      compute_unit_limit: 1404, // ceil(1,276 × 1.1 = 1,403.6)
      limit_rule: { margin: '1.1', floor: 1000, cap: 1400000, formula: 'min(1400000, max(1000, ceil(1276 × 1.1)))' },
      signatures: 1,
      lamports_per_signature: '5000',
      base_fee_lamports: '5000',
      priority_fee_lamports: '6', // ceil(1,404 × 4,007 / 10⁶ = 5.63)
      total_fee_lamports: '5006',
      replaced: { unit_limit: null, unit_price: '1' },
      instructions: { kept: 2, added: 2, removed: 1 },
    });
    expect(logs).toContain('Program MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr success');

    const optimized = VersionedTransaction.deserialize(Buffer.from(transaction_base64, 'base64'));
    expect(optimized.signatures).toEqual([new Uint8Array(64)]);
    expect(optimized.message.recentBlockhash).toBe(original.message.recentBlockhash);
    expect(optimized.message.staticAccountKeys).toEqual(original.message.staticAccountKeys);
    const instructions = TransactionMessage.decompile(optimized.message).instructions;
    expect(instructions.slice(0, 2)).toEqual([
      ComputeBudgetProgram.setComputeUnitLimit({ units: 1404 }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 4007n }),
    ]);
    expect(instructions.slice(2)).toEqual(withoutBudget(original));

    // The chain agrees: the limit covers what the optimized transaction consumes, and it lands for the quoted fee.
    const simulated = await chainRpc('simulateTransaction', [
      transaction_base64,
      { encoding: 'base64', sigVerify: false },
    ]);
    expect(simulated.value).toMatchObject({ err: null, unitsConsumed: 1276 });
    const signature = chain.send(signed(optimized).serialize());
    expect(chain.getTransactionRecord(signature)).toMatchObject({ err: null, fee: 5006n, computeUnits: 1276n });
    expect(chain.getBalance(recipient)).toBe(1_000_000n);
  });

  it('optimizes a v0 transaction with a lookup table to the compute-unit floor, keeping the lookups; it lands', async () => {
    const viaTable = Keypair.generate().publicKey;
    const table = lookupTable([viaTable]);
    const original = v0Tx([transfer(viaTable, 2_000_000)], [table]);
    const out = await data('optimize', { transaction_base64: b64(original), priority: 'high' });
    expect(out).toMatchObject({
      version: 0,
      compute_unit_price: '7013',
      units_consumed: 450,
      compute_unit_limit: 1000, // ceil(450 × 1.1) = 495, under the floor
      priority_fee_lamports: '8', // ceil(1,000 × 7,013 / 10⁶ = 7.013)
      total_fee_lamports: '5008',
      replaced: { unit_limit: null, unit_price: null },
      instructions: { kept: 1, added: 2, removed: 0 },
    });
    // One more landed slot (the previous test's transaction at 4,007) is in this market.
    expect(out.fee_market).toMatchObject({
      accounts: [payer.publicKey.toBase58(), viaTable.toBase58()].sort(),
      samples: 13,
      slots: { first: genesis, last: genesis + 12 },
    });

    const optimized = VersionedTransaction.deserialize(Buffer.from(out.transaction_base64, 'base64'));
    expect(optimized.message.addressTableLookups).toEqual(original.message.addressTableLookups);
    expect(optimized.message.recentBlockhash).toBe(original.message.recentBlockhash);
    const instructions = TransactionMessage.decompile(optimized.message, {
      addressLookupTableAccounts: [table],
    }).instructions;
    expect(instructions).toEqual([
      ComputeBudgetProgram.setComputeUnitLimit({ units: 1000 }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 7013n }),
      ...withoutBudget(original, [table]),
    ]);
    const signature = chain.send(signed(optimized).serialize());
    expect(chain.getTransactionRecord(signature)).toMatchObject({ err: null, fee: 5008n, computeUnits: 450n });
    expect(chain.getBalance(viaTable)).toBe(2_000_000n);
  });
});
