import {
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { PROGRAMS, associatedTokenAddress, toBase58 } from '@toll/solana';
import WebSocket from 'ws';
import { startLocalRpc, type LocalRpc } from './rpc-server';

async function post(url: string, body: unknown): Promise<{ status: number; text: string; json: any }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}

const call = async (rpc: LocalRpc, method: string, params: unknown[] = []): Promise<any> =>
  (await post(rpc.url, { jsonrpc: '2.0', id: 1, method, params })).json;

function memoTransaction(rpc: LocalRpc, payer: Keypair, text: string): VersionedTransaction {
  const message = new TransactionMessage({
    payerKey: payer.publicKey,
    recentBlockhash: rpc.chain.latestBlockhash().blockhash,
    instructions: [new TransactionInstruction({ programId: PROGRAMS.memo, keys: [], data: Buffer.from(text) })],
  }).compileToV0Message();
  const tx = new VersionedTransaction(message);
  tx.sign([payer]);
  return tx;
}

function openSocket(url: string): Promise<{
  socket: WebSocket;
  next: () => Promise<any>;
  request: (method: string, params?: unknown[]) => Promise<any>;
}> {
  const socket = new WebSocket(url);
  const inbox: any[] = [];
  const waiters: ((m: any) => void)[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else inbox.push(message);
  });
  const next = () =>
    inbox.length ? Promise.resolve(inbox.shift()) : new Promise<any>((resolve) => waiters.push(resolve));
  let id = 0;
  const request = (method: string, params: unknown[] = []) => {
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }));
    return next();
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, next, request }));
    socket.once('error', reject);
  });
}

describe('JSON-RPC protocol and PubSub', () => {
  let rpc: LocalRpc;
  let payer: Keypair;

  beforeEach(async () => {
    rpc = await startLocalRpc({ port: 0, slotMs: 50 });
    payer = Keypair.generate();
    rpc.chain.airdrop(payer.publicKey, 1_000_000_000n);
  });

  afterEach(() => rpc.close());

  it('answers batches, unknown methods, bad params, parse errors and oversized bodies as JSON-RPC 2.0', async () => {
    const batch = await post(rpc.url, [
      { jsonrpc: '2.0', id: 'a', method: 'getHealth' },
      { jsonrpc: '2.0', id: 'b', method: 'getBlock', params: [1] },
      { jsonrpc: '2.0', id: 'c', method: 'getBalance', params: ['not-an-address'] },
      { jsonrpc: '2.0', method: 'getSlot' },
    ]);
    expect(batch.json).toEqual([
      { jsonrpc: '2.0', result: 'ok', id: 'a' },
      { jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' }, id: 'b' },
      { jsonrpc: '2.0', error: { code: -32602, message: 'Invalid param: Invalid' }, id: 'c' },
    ]);
    expect((await post(rpc.url, '{"jsonrpc":')).json.error.code).toBe(-32700);
    expect((await post(rpc.url, [])).json.error.code).toBe(-32600);
    expect(
      (await post(rpc.url, { jsonrpc: '2.0', id: 1, method: 'getSlot', params: { bad: true } })).json.error.code,
    ).toBe(-32602);
    expect((await post(rpc.url, 'x'.repeat(60 * 1024))).status).toBe(413);
  });

  it('keeps u64 values exact and serves the localnet_* cheats only when enabled', async () => {
    const holder = Keypair.generate().publicKey.toBase58();
    const data = Buffer.from('local chain state').toString('base64');
    const lamports = '18446744073709551000';
    const set = await post(
      rpc.url,
      `{"jsonrpc":"2.0","id":1,"method":"localnet_setAccount","params":["${holder}",{"lamports":${lamports},` +
        `"data":["${data}","base64"]}]}`,
    );
    expect(set.json.error).toBeUndefined();
    const info = await post(rpc.url, {
      jsonrpc: '2.0',
      id: 2,
      method: 'getAccountInfo',
      params: [holder, { encoding: 'base64' }],
    });
    expect(info.text).toContain(`"lamports":${lamports}`);
    expect(info.text).toContain('"rentEpoch":18446744073709551615');
    expect(info.json.result.value.data).toEqual([data, 'base64']);

    const slot = (await call(rpc, 'getSlot')).result;
    expect((await call(rpc, 'localnet_advanceSlots', [10])).result).toBeGreaterThanOrEqual(slot + 10);

    const plain = await startLocalRpc({ port: 0, cheats: false });
    try {
      expect((await call(plain, 'localnet_setAccount', [holder, { lamports: 1 }])).error.code).toBe(-32601);
      expect((await call(plain, 'getHealth')).result).toBe('ok');
    } finally {
      await plain.close();
    }
  });

  it('returns getTransaction in every encoding, refusing v0 without maxSupportedTransactionVersion', async () => {
    const tx = memoTransaction(rpc, payer, 'v0 memo');
    const wire = Buffer.from(tx.serialize()).toString('base64');
    const signature = (await call(rpc, 'sendTransaction', [wire, { encoding: 'base64' }])).result;

    const refused = await call(rpc, 'getTransaction', [signature]);
    expect(refused.error.code).toBe(-32015);
    const base64 = (
      await call(rpc, 'getTransaction', [signature, { encoding: 'base64', maxSupportedTransactionVersion: 0 }])
    ).result;
    expect(base64.transaction).toEqual([wire, 'base64']);
    expect(base64.version).toBe(0);
    expect(base64.meta.loadedAddresses).toEqual({ writable: [], readonly: [] });
    const parsed = (
      await call(rpc, 'getTransaction', [signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }])
    ).result;
    expect(parsed.transaction.message.instructions).toEqual([
      { program: 'spl-memo', programId: PROGRAMS.memo.toBase58(), parsed: 'v0 memo', stackHeight: 1 },
    ]);
    expect(parsed.transaction.message.accountKeys[0]).toEqual({
      pubkey: payer.publicKey.toBase58(),
      signer: true,
      source: 'transaction',
      writable: true,
    });
    expect(parsed.meta.loadedAddresses).toBeUndefined();
    expect(
      (await call(rpc, 'getTransaction', [signature, { commitment: 'processed', maxSupportedTransactionVersion: 0 }]))
        .error.code,
    ).toBe(-32602);
  });

  it('notifies signatureSubscribe and slotSubscribe over WebSocket on the RPC port', async () => {
    const { socket, next, request } = await openSocket(rpc.wsUrl);
    try {
      const tx = memoTransaction(rpc, payer, 'watched');
      const signature = toBase58(tx.signatures[0]);
      const subscribed = await request('signatureSubscribe', [signature, { commitment: 'confirmed' }]);
      expect(typeof subscribed.result).toBe('number');
      // no encoding: agave's default for sendTransaction is base58
      await call(rpc, 'sendTransaction', [toBase58(tx.serialize())]);
      const notification = await next();
      expect(notification).toEqual({
        jsonrpc: '2.0',
        method: 'signatureNotification',
        params: {
          result: { context: { slot: expect.any(Number) }, value: { err: null } },
          subscription: subscribed.result,
        },
      });

      const slotSub = (await request('slotSubscribe')).result;
      const slot = await next();
      expect(slot).toMatchObject({
        method: 'slotNotification',
        params: { result: { slot: expect.any(Number), parent: expect.any(Number) }, subscription: slotSub },
      });
      let reply = await request('slotUnsubscribe', [slotSub]);
      while (reply.method === 'slotNotification') reply = await next();
      expect(reply.result).toBe(true);
      const watched = Keypair.generate().publicKey.toBase58();
      const accountSub = (await request('accountSubscribe', [watched, { encoding: 'base64' }])).result;
      rpc.chain.airdrop(watched, 1_000_000_000n);
      let account = await next();
      while (account.method !== 'accountNotification') account = await next();
      expect(account.params).toEqual({
        result: {
          context: { slot: expect.any(Number) },
          value: {
            data: ['', 'base64'],
            executable: false,
            lamports: 1_000_000_000,
            owner: SystemProgram.programId.toBase58(),
            rentEpoch: expect.any(Number),
            space: 0,
          },
        },
        subscription: accountSub,
      });
      expect((await request('getBalance', [watched])).error.code).toBe(-32601);
    } finally {
      socket.close();
    }
  });

  it('simulates with parsed inner instructions, signature checks and blockhash replacement', async () => {
    const mint = new PublicKey(rpc.chain.createMint({ decimals: 6, mintAuthority: payer.publicKey }));
    const owner = Keypair.generate().publicKey;
    const ata = associatedTokenAddress(owner, mint);
    const createAta = new TransactionInstruction({
      programId: PROGRAMS.associatedToken,
      keys: [
        { pubkey: payer.publicKey, isSigner: true, isWritable: true },
        { pubkey: ata, isSigner: false, isWritable: true },
        { pubkey: owner, isSigner: false, isWritable: false },
        { pubkey: mint, isSigner: false, isWritable: false },
        { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
        { pubkey: PROGRAMS.token, isSigner: false, isWritable: false },
      ],
      data: Buffer.from([1]),
    });
    const build = (blockhash: string) => {
      const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(createAta);
      tx.sign(payer);
      return tx.serialize();
    };
    const wire = build(rpc.chain.latestBlockhash().blockhash);
    const simulate = async (bytes: Uint8Array, config: object) =>
      (
        await call(rpc, 'simulateTransaction', [
          Buffer.from(bytes).toString('base64'),
          { encoding: 'base64', ...config },
        ])
      ).result.value;

    const value = await simulate(wire, {
      sigVerify: true,
      innerInstructions: true,
      accounts: { addresses: [ata.toBase58()], encoding: 'jsonParsed' },
    });
    expect(value.err).toBeNull();
    const inner = value.innerInstructions[0].instructions;
    expect(inner.map((ix: any) => ix.parsed?.type)).toEqual(
      expect.arrayContaining(['createAccount', 'initializeImmutableOwner', 'initializeAccount3']),
    );
    expect(inner.every((ix: any) => ix.stackHeight === 2)).toBe(true);
    expect(value.accounts[0].data.parsed.info).toMatchObject({
      owner: owner.toBase58(),
      mint: mint.toBase58(),
      state: 'initialized',
    });
    expect(value.postTokenBalances).toEqual([
      expect.objectContaining({ mint: mint.toBase58(), owner: owner.toBase58() }),
    ]);
    expect(rpc.chain.getAccount(ata)).toBeNull();

    const forged = Uint8Array.from(wire);
    forged[1] ^= 0xff;
    expect((await simulate(forged, { sigVerify: true })).err).toBe('SignatureFailure');
    expect((await simulate(forged, {})).err).toBeNull();
    expect(
      (await call(rpc, 'sendTransaction', [Buffer.from(forged).toString('base64'), { encoding: 'base64' }])).error.code,
    ).toBe(-32003);

    rpc.chain.expireBlockhashes();
    expect((await simulate(wire, {})).err).toBe('BlockhashNotFound');
    // The chain makes a block every 50 ms, so the replacement is the latest blockhash of some moment in between.
    const before = rpc.chain.latestBlockhash();
    const replaced = await simulate(wire, { replaceRecentBlockhash: true });
    const after = rpc.chain.latestBlockhash();
    expect(replaced.err).toBeNull();
    expect(replaced.replacementBlockhash.lastValidBlockHeight).toBeGreaterThanOrEqual(before.lastValidBlockHeight);
    expect(replaced.replacementBlockhash.lastValidBlockHeight).toBeLessThanOrEqual(after.lastValidBlockHeight);
    expect(rpc.chain.isBlockhashValid(replaced.replacementBlockhash.blockhash)).toBe(true);
    expect(
      (
        await call(rpc, 'simulateTransaction', [
          Buffer.from(wire).toString('base64'),
          { encoding: 'base64', sigVerify: true, replaceRecentBlockhash: true },
        ])
      ).error.code,
    ).toBe(-32602);
  });

  it('filters getProgramAccounts by dataSize and memcmp, and reports prioritization fees', async () => {
    const mint = rpc.chain.createMint({ decimals: 6, mintAuthority: payer.publicKey });
    const owners = [Keypair.generate().publicKey, Keypair.generate().publicKey];
    for (const owner of owners) rpc.chain.mintTo(owner, mint, 1n);
    const found = (
      await call(rpc, 'getProgramAccounts', [
        PROGRAMS.token.toBase58(),
        {
          encoding: 'jsonParsed',
          filters: [{ dataSize: 165 }, { memcmp: { offset: 32, bytes: owners[1].toBase58() } }],
          withContext: true,
        },
      ])
    ).result;
    expect(found.value).toHaveLength(1);
    expect(found.value[0].account.data.parsed.info.owner).toBe(owners[1].toBase58());
    const fees = (await call(rpc, 'getRecentPrioritizationFees', [[SystemProgram.programId.toBase58()]])).result;
    expect(fees.length).toBeGreaterThan(0);
    expect(fees[fees.length - 1]).toEqual({ slot: expect.any(Number), prioritizationFee: 0 });
  });
});
