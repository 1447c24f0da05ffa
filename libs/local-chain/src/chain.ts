import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  Account,
  Clock,
  FailedTransactionMetadata,
  LiteSvm,
  type SimulatedTransactionInfo,
  type TransactionMetadata,
} from 'litesvm/dist/internal.js';
import { PublicKey } from '@solana/web3.js';
import {
  associatedTokenAddress,
  addressToBytes,
  bytesToAddress,
  fromBase58,
  toAddress,
  toBase58,
  type AddressLike,
  WireError,
  decodeWireTransaction,
  encodeTransaction,
  encodeTransferMessage,
  type DecodedMessage,
  type DecodedTransaction,
} from '@toll/solana';
import { resolveAccountKeys } from './account-keys';
import type {
  AccountState,
  CreateMintInput,
  ExecutionResult,
  LoadedAddresses,
  LocalChainOptions,
  SetAccountInput,
  SimulateOptions,
  SimulationResult,
  TransactionRecord,
} from './chain-types';
import { InvalidTransaction, PreflightFailure, transactionErrorJson, type TransactionErrorJson } from './errors';
import { snapshotBalances, summarizeMeta, type AccountLookup, type BalanceSnapshot } from './execution';
import { computeBudgetOf, transactionFee } from './fees';
import { generateKeypair, type LocalKeypair } from './keypair';
import { memoText } from './parse-instruction';
import { MEMO_PROGRAMS, SYSTEM_PROGRAM, TOKEN_PROGRAM } from './programs';
import { SlotClock, MAX_PROCESSING_AGE } from './slot-clock';
import { encodeMint, encodeTokenAccount } from './token-accounts';
import { MINT_SIZE, TOKEN_ACCOUNT_SIZE, isMintData } from './token-layout';

interface SlotFees {
  min: bigint;
  byAccount: Map<string, bigint>;
}

const FAUCET_LAMPORTS = 500_000_000n * 1_000_000_000n;
const MAX_PRIORITIZATION_SLOTS = 150;

// A Solana chain in-process: LiteSVM executes every transaction; this class adds what a validator's RPC needs
// around it (blocks with times, a 150-block blockhash window, a transaction store with balances and fees).
export class LocalChain {
  readonly genesisHash = toBase58(randomBytes(32));
  // Wall-clock slot length in ms; 0 in manual mode.
  readonly slotMs: number;
  private readonly svm = new LiteSvm();
  private readonly clock: SlotClock;
  private readonly genesisSlot: number;
  private readonly startUnix = Math.floor(Date.now() / 1000);
  // The current block's time: every transaction of a block shares it, as on a real cluster.
  private blockTime = this.startUnix;
  private readonly events = new EventEmitter();
  private readonly records = new Map<string, TransactionRecord>();
  private readonly signaturesByAddress = new Map<string, string[]>();
  private readonly prioritizationFees = new Map<number, SlotFees>();
  private readonly faucet: LocalKeypair = generateKeypair();

  constructor(options: LocalChainOptions = {}) {
    this.svm.setTransactionHistory(1_000_000n);
    // Blockhash validity is ours (SlotClock): LiteSVM alone accepts only its single latest hash.
    this.svm.setBlockhashCheck(false);
    this.events.setMaxListeners(0);
    this.genesisSlot = Number(this.svm.getClock().slot);
    this.slotMs = Math.max(0, options.slotMs ?? 400);
    this.clock = new SlotClock({
      slotMs: this.slotMs,
      genesisSlot: this.genesisSlot,
      seed: this.genesisHash,
      onSlot: (slot, parent) => this.onSlot(slot, parent),
    });
    this.onSlot(this.genesisSlot, this.genesisSlot);
    this.setAccount(this.faucet.address, { lamports: FAUCET_LAMPORTS });
  }

  // ---- clock ----

  get slot(): number {
    this.clock.tick();
    return this.clock.slot;
  }

  // Catches the slot up with wall-clock time (a no-op in manual mode); every read does this anyway.
  tick(): void {
    this.clock.tick();
  }

  get blockHeight(): number {
    return this.slot - this.genesisSlot;
  }

  get transactionCount(): number {
    return this.records.size;
  }

  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number } {
    const height = this.blockHeight;
    return { blockhash: this.clock.blockhash(), lastValidBlockHeight: height + MAX_PROCESSING_AGE };
  }

  isBlockhashValid(blockhash: string): boolean {
    this.clock.tick();
    return this.clock.validSlotOf(blockhash) !== undefined;
  }

  advanceSlots(slots: number): void {
    if (!Number.isInteger(slots) || slots < 0) throw new Error('slots must be a non-negative integer');
    this.clock.advance(slots);
  }

  expireBlockhashes(): void {
    this.clock.expireAll();
  }

  epochInfo(): {
    absoluteSlot: number;
    blockHeight: number;
    epoch: number;
    slotIndex: number;
    slotsInEpoch: number;
    transactionCount: number;
  } {
    const slot = this.slot;
    return {
      absoluteSlot: slot,
      blockHeight: slot - this.genesisSlot,
      ...this.epochOf(slot),
      transactionCount: this.records.size,
    };
  }

  // ---- accounts ----

  getAccount(address: AddressLike): AccountState | null {
    const key = toAddress(address);
    const account = this.rawAccount(key);
    return account ? toAccountState(key, account) : null;
  }

  setAccount(address: AddressLike, input: SetAccountInput): void {
    const key = toAddress(address);
    const owner = addressToBytes(input.owner ? toAddress(input.owner) : SYSTEM_PROGRAM);
    this.svm.setAccount(
      addressToBytes(key),
      new Account(
        BigInt(input.lamports),
        input.data ?? new Uint8Array(0),
        owner,
        input.executable ?? false,
        input.rentEpoch ?? 18446744073709551615n,
      ),
    );
    this.events.emit('account', key);
  }

  getBalance(address: AddressLike): bigint {
    return this.rawAccount(toAddress(address))?.lamports() ?? 0n;
  }

  minimumBalanceForRentExemption(dataLength: number): bigint {
    return this.svm.minimumBalanceForRentExemption(BigInt(dataLength));
  }

  programAccounts(programId: AddressLike): AccountState[] {
    return this.svm
      .getProgramAccounts(addressToBytes(toAddress(programId)))
      .map((entry) => toAccountState(bytesToAddress(entry.address), entry.account()))
      .filter((account) => account.lamports > 0n);
  }

  // ---- seeding helpers (state written directly, no transaction) ----

  // A real transfer from the chain's faucet, so the recipient's history shows it like devnet's faucet would.
  airdrop(address: AddressLike, lamports: bigint | number): string {
    const to = toAddress(address);
    const amount = BigInt(lamports);
    if (this.getBalance(this.faucet.address) < amount + 1_000_000n)
      this.setAccount(this.faucet.address, { lamports: amount + FAUCET_LAMPORTS });
    this.clock.tick();
    let wire = this.faucetTransfer(to, amount);
    // The same amount to the same address within one slot would be byte-identical, hence a duplicate.
    if (this.records.has(decodeWireTransaction(wire).signature)) {
      this.clock.advance(1);
      wire = this.faucetTransfer(to, amount);
    }
    const record = this.process(decodeWireTransaction(wire), wire);
    if (!record) throw new Error(`airdrop to ${to} was not processed`);
    if (record.err) throw new Error(`airdrop to ${to} failed: ${JSON.stringify(record.err)}`);
    return record.signature;
  }

  createMint(input: CreateMintInput): string {
    const address = input.address ? toAddress(input.address) : bytesToAddress(randomBytes(32));
    const data = encodeMint({
      decimals: input.decimals,
      mintAuthority: input.mintAuthority ? toAddress(input.mintAuthority) : null,
      freezeAuthority: input.freezeAuthority ? toAddress(input.freezeAuthority) : null,
      supply: BigInt(input.supply ?? 0),
    });
    this.setAccount(address, {
      lamports: this.minimumBalanceForRentExemption(MINT_SIZE),
      data,
      owner: input.programId ?? TOKEN_PROGRAM,
    });
    return address;
  }

  // Credits `amount` to the owner's associated token account (created when missing) and raises the mint's
  // supply by the same amount, which setAccount alone would not do.
  mintTo(owner: AddressLike, mint: AddressLike, amount: bigint | number): string {
    const mintKey = toAddress(mint);
    const mintAccount = this.getAccount(mintKey);
    if (!mintAccount || !isMintData(mintAccount.owner, mintAccount.data))
      throw new Error(`${mintKey} is not a token mint`);
    const value = BigInt(amount);
    const ata = associatedTokenAddress(
      new PublicKey(toAddress(owner)),
      new PublicKey(mintKey),
      new PublicKey(mintAccount.owner),
    ).toBase58();
    const existing = this.getAccount(ata);
    let data: Uint8Array;
    if (existing) {
      data = existing.data.slice();
      const view = Buffer.from(data.buffer);
      view.writeBigUInt64LE(view.readBigUInt64LE(64) + value, 64);
    } else {
      data = encodeTokenAccount(mintKey, toAddress(owner), value);
    }
    this.setAccount(ata, {
      lamports: existing?.lamports ?? this.minimumBalanceForRentExemption(TOKEN_ACCOUNT_SIZE),
      data,
      owner: mintAccount.owner,
    });
    const mintData = mintAccount.data.slice();
    const mintView = Buffer.from(mintData.buffer);
    mintView.writeBigUInt64LE(mintView.readBigUInt64LE(36) + value, 36);
    this.setAccount(mintKey, { ...mintAccount, data: mintData });
    return ata;
  }

  // ---- transactions ----

  // sendTransaction semantics: preflight unless skipped, then execute. Expired or duplicate transactions are
  // dropped silently (the signature is still returned), as a leader would.
  send(wire: Uint8Array, options: { skipPreflight?: boolean } = {}): string {
    this.clock.tick();
    const tx = decode(wire);
    if (!options.skipPreflight) {
      const simulation = this.simulateDecoded(tx, wire, { sigVerify: true });
      if (simulation.err) throw new PreflightFailure(simulation);
    }
    this.process(tx, wire);
    return tx.signature;
  }

  simulate(wire: Uint8Array, options: SimulateOptions = {}): SimulationResult {
    this.clock.tick();
    return this.simulateDecoded(decode(wire), wire, options);
  }

  getTransactionRecord(signature: string): TransactionRecord | undefined {
    return this.records.get(signature);
  }

  // Newest first, as agave returns them.
  signaturesForAddress(
    address: AddressLike,
    options: { limit?: number; before?: string; until?: string } = {},
  ): TransactionRecord[] {
    const list = this.signaturesByAddress.get(toAddress(address)) ?? [];
    const before = options.before === undefined ? Infinity : (this.records.get(options.before)?.sequence ?? -1);
    const until = options.until === undefined ? -1 : (this.records.get(options.until)?.sequence ?? -1);
    const out: TransactionRecord[] = [];
    for (let i = list.length - 1; i >= 0 && out.length < (options.limit ?? 1000); i--) {
      const record = this.records.get(list[i]) as TransactionRecord;
      if (record.sequence <= until) break;
      if (record.sequence < before) out.push(record);
    }
    return out;
  }

  // Per recent slot: the lowest compute-unit price landed, raised to the highest per-account minimum among
  // `addresses` (agave's prioritization fee cache).
  recentPrioritizationFees(addresses: string[] = []): { slot: number; prioritizationFee: bigint }[] {
    const slot = this.slot;
    const out: { slot: number; prioritizationFee: bigint }[] = [];
    for (let s = Math.max(this.genesisSlot, slot - MAX_PRIORITIZATION_SLOTS + 1); s <= slot; s++) {
      const fees = this.prioritizationFees.get(s);
      let fee = fees?.min ?? 0n;
      for (const address of addresses) {
        const own = fees?.byAccount.get(address);
        if (own !== undefined && own > fee) fee = own;
      }
      out.push({ slot: s, prioritizationFee: fee });
    }
    return out;
  }

  onSlotChange(listener: (slot: number, parent: number) => void): () => void {
    return this.listen('slot', listener);
  }

  onTransaction(listener: (record: TransactionRecord) => void): () => void {
    return this.listen('transaction', listener);
  }

  onAccountChange(listener: (address: string) => void): () => void {
    return this.listen('account', listener);
  }

  // ---- internals ----

  private listen<A extends unknown[]>(event: string, listener: (...args: A) => void): () => void {
    const handler = listener as (...args: unknown[]) => void;
    this.events.on(event, handler);
    return () => this.events.off(event, handler);
  }

  private onSlot(slot: number, parent: number): void {
    const { epoch } = this.epochOf(slot);
    this.blockTime = Math.floor(Date.now() / 1000);
    this.svm.setClock(
      new Clock(BigInt(slot), BigInt(this.startUnix), BigInt(epoch), BigInt(epoch + 1), BigInt(this.blockTime)),
    );
    for (const s of this.prioritizationFees.keys()) {
      if (s > slot - MAX_PRIORITIZATION_SLOTS) break;
      this.prioritizationFees.delete(s);
    }
    this.events.emit('slot', slot, parent);
  }

  // agave's EpochSchedule::get_epoch_and_slot_index past warmup; LiteSVM's genesis slot is far beyond it.
  private epochOf(slot: number): { epoch: number; slotIndex: number; slotsInEpoch: number } {
    const schedule = this.svm.getEpochSchedule();
    const slotsPerEpoch = Number(schedule.slotsPerEpoch);
    const normal = slot - Number(schedule.firstNormalSlot);
    return {
      epoch: Number(schedule.firstNormalEpoch) + Math.floor(normal / slotsPerEpoch),
      slotIndex: normal % slotsPerEpoch,
      slotsInEpoch: slotsPerEpoch,
    };
  }

  private rawAccount(address: string): Account | null {
    const account = this.svm.getAccount(addressToBytes(address));
    return account && account.lamports() > 0n ? account : null;
  }

  private faucetTransfer(to: string, lamports: bigint): Uint8Array {
    const message = encodeTransferMessage(this.faucet.address, to, lamports, fromBase58(this.clock.blockhash()));
    return encodeTransaction([this.faucet.sign(message)], message);
  }

  private simulateDecoded(tx: DecodedTransaction, wire: Uint8Array, options: SimulateOptions): SimulationResult {
    const resolved = resolveAccountKeys(tx.message, (a) => this.rawAccount(a));
    const replacementBlockhash = options.replaceRecentBlockhash ? this.latestBlockhash() : null;
    if (typeof resolved === 'string')
      return this.rejected(tx, resolved, [], [], { writable: [], readonly: [] }, replacementBlockhash);
    const { keys, writable, loaded } = resolved;
    if (!options.replaceRecentBlockhash && this.clock.validSlotOf(tx.message.recentBlockhash) === undefined) {
      return this.rejected(tx, 'BlockhashNotFound', keys, writable, loaded, replacementBlockhash);
    }
    if (this.records.has(tx.signature))
      return this.rejected(tx, 'AlreadyProcessed', keys, writable, loaded, replacementBlockhash);
    const pre = snapshotBalances((a) => this.rawAccount(a), keys);
    const result = this.runSimulation(wire, options.sigVerify ?? false);
    const failed = result instanceof FailedTransactionMetadata;
    const postAccounts = new Map<string, AccountState | null>();
    if (!failed) {
      for (const entry of result.postAccounts()) {
        const address = bytesToAddress(entry.address);
        const account = entry.account();
        postAccounts.set(address, account.lamports() > 0n ? toAccountState(address, account) : null);
      }
    }
    const readPost: AccountLookup = (a) => {
      if (!postAccounts.has(a)) return this.rawAccount(a);
      const state = postAccounts.get(a);
      return state
        ? new Account(state.lamports, state.data, addressToBytes(state.owner), state.executable, state.rentEpoch)
        : null;
    };
    const post = failed ? pre : snapshotBalances(readPost, keys, writable, pre);
    const execution = this.execution(
      tx.message,
      result.meta(),
      failed ? transactionErrorJson(result) : null,
      keys,
      writable,
      loaded,
      pre,
      post,
    );
    return { ...execution, postAccounts, replacementBlockhash };
  }

  // x402 facilitators simulate a transaction the fee payer has not signed yet, so sigverify is switchable.
  private runSimulation(wire: Uint8Array, sigVerify: boolean): SimulatedTransactionInfo | FailedTransactionMetadata {
    if (sigVerify) return this.svm.simulateVersionedTransaction(wire);
    this.svm.setSigverify(false);
    try {
      return this.svm.simulateVersionedTransaction(wire);
    } finally {
      this.svm.setSigverify(true);
    }
  }

  private rejected(
    tx: DecodedTransaction,
    err: TransactionErrorJson,
    keys: string[],
    writable: boolean[],
    loaded: LoadedAddresses,
    replacementBlockhash: SimulationResult['replacementBlockhash'],
  ): SimulationResult {
    const balances = keys.length ? snapshotBalances((a) => this.rawAccount(a), keys) : { lamports: [], tokens: [] };
    return {
      err,
      fee: transactionFee(tx.message),
      logs: [],
      computeUnits: 0n,
      innerInstructions: [],
      returnData: null,
      accountKeys: keys,
      writable,
      loadedAddresses: loaded,
      preBalances: balances.lamports,
      postBalances: balances.lamports,
      preTokenBalances: balances.tokens,
      postTokenBalances: balances.tokens,
      postAccounts: new Map(),
      replacementBlockhash,
    };
  }

  private execution(
    message: DecodedMessage,
    meta: TransactionMetadata,
    err: TransactionErrorJson | null,
    accountKeys: string[],
    writable: boolean[],
    loadedAddresses: LoadedAddresses,
    pre: BalanceSnapshot,
    post: BalanceSnapshot,
  ): ExecutionResult {
    const summary = summarizeMeta(meta);
    return {
      ...summary,
      err,
      fee: summary.fee ?? transactionFee(message),
      accountKeys,
      writable,
      loadedAddresses,
      preBalances: pre.lamports,
      postBalances: post.lamports,
      preTokenBalances: pre.tokens,
      postTokenBalances: post.tokens,
    };
  }

  // Executes for real; returns the record if the transaction landed (committed, possibly with an error).
  private process(tx: DecodedTransaction, wire: Uint8Array): TransactionRecord | undefined {
    if (this.records.has(tx.signature)) return undefined;
    if (this.clock.validSlotOf(tx.message.recentBlockhash) === undefined) return undefined;
    const resolved = resolveAccountKeys(tx.message, (a) => this.rawAccount(a));
    if (typeof resolved === 'string') return undefined;
    const { keys, writable, loaded } = resolved;
    if (this.clock.manual) this.clock.advance(1);
    const pre = snapshotBalances((a) => this.rawAccount(a), keys);
    const result = this.svm.sendVersionedTransaction(wire);
    const failed = result instanceof FailedTransactionMetadata;
    // Load-time failures (fee payer missing or broke, bad signature) are never committed: nothing lands.
    if (failed && !this.svm.getTransaction(tx.signatures[0])) return undefined;
    const post = snapshotBalances((a) => this.rawAccount(a), keys, writable, pre);
    const execution = this.execution(
      tx.message,
      failed ? result.meta() : result,
      failed ? transactionErrorJson(result) : null,
      keys,
      writable,
      loaded,
      pre,
      post,
    );
    const record: TransactionRecord = {
      ...execution,
      signature: tx.signature,
      slot: this.clock.slot,
      blockTime: this.blockTime,
      sequence: this.records.size,
      wire: wire.slice(),
      transaction: tx,
      memo: memoField(tx.message),
    };
    this.records.set(record.signature, record);
    for (const key of new Set(keys)) {
      const list = this.signaturesByAddress.get(key);
      if (list) list.push(record.signature);
      else this.signaturesByAddress.set(key, [record.signature]);
    }
    this.notePrioritizationFee(record);
    this.events.emit('transaction', record);
    if (this.events.listenerCount('account')) {
      keys.forEach((key, i) => {
        if (writable[i]) this.events.emit('account', key);
      });
    }
    return record;
  }

  private notePrioritizationFee(record: TransactionRecord): void {
    const price = computeBudgetOf(record.transaction.message).unitPrice;
    let fees = this.prioritizationFees.get(record.slot);
    if (!fees) this.prioritizationFees.set(record.slot, (fees = { min: price, byAccount: new Map() }));
    if (price < fees.min) fees.min = price;
    record.accountKeys.forEach((key, i) => {
      const current = fees.byAccount.get(key);
      if (record.writable[i] && (current === undefined || price < current)) fees.byAccount.set(key, price);
    });
  }
}

function decode(wire: Uint8Array): DecodedTransaction {
  try {
    return decodeWireTransaction(wire);
  } catch (e) {
    if (e instanceof WireError) throw new InvalidTransaction(e.message);
    throw e;
  }
}

function toAccountState(address: string, account: Account): AccountState {
  return {
    address,
    lamports: account.lamports(),
    data: account.data(),
    owner: bytesToAddress(account.owner()),
    executable: account.executable(),
    rentEpoch: account.rentEpoch(),
  };
}

function memoField(message: DecodedMessage): string | null {
  const memos = message.instructions
    .filter((ix) => MEMO_PROGRAMS.has(message.staticKeys[ix.programIdIndex]))
    .map((ix) => `[${ix.data.length}] ${memoText(ix.data) ?? '(unparseable)'}`);
  return memos.length ? memos.join('; ') : null;
}
