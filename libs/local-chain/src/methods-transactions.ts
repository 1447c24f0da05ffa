import { fromBase58 } from '@toll/solana';
import type { LocalChain } from './chain';
import type { TransactionRecord } from './chain-types';
import { encodeAccount } from './encode-account';
import { encodeSimulation, encodeTransactionRecord, TRANSACTION_ENCODINGS } from './encode-transaction';
import {
  InvalidTransaction,
  invalidParams,
  PreflightFailure,
  RpcError,
  RPC_INTERNAL_ERROR,
  RPC_PREFLIGHT_FAILURE,
  RPC_SIGNATURE_VERIFICATION_FAILURE,
  transactionErrorMessage,
} from './errors';
import {
  addressAt,
  addressListAt,
  configAt,
  contextSlot,
  oneOf,
  optionalBoolean,
  optionalNumber,
  optionalString,
  stringAt,
  toBigInt,
  withContext,
  type Config,
} from './rpc-params';
import type { RpcMethods } from './rpc-types';

const PACKET_DATA_SIZE = 1232;
const MAX_ENCODED = { base58: 1683, base64: 1644 };
const MAX_SIGNATURE_STATUSES = 256;
const MAX_SIGNATURES_FOR_ADDRESS = 1000;

function wireParam(text: string, encoding: 'base58' | 'base64'): Uint8Array {
  const tooLarge = (size: number) =>
    invalidParams(
      `${encoding} encoded solana_transaction::versioned::VersionedTransaction too large: ${size} bytes (max: ` +
        `encoded/raw ${MAX_ENCODED[encoding]}/${PACKET_DATA_SIZE})`,
    );
  if (text.length > MAX_ENCODED[encoding]) throw tooLarge(text.length);
  let bytes: Uint8Array;
  if (encoding === 'base64') {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw invalidParams('invalid base64 encoding');
    bytes = new Uint8Array(Buffer.from(text, 'base64'));
  } else {
    try {
      bytes = fromBase58(text);
    } catch {
      throw invalidParams('invalid base58 encoding');
    }
  }
  if (bytes.length > PACKET_DATA_SIZE) throw tooLarge(bytes.length);
  return bytes;
}

function signatureParam(value: unknown): string {
  if (typeof value !== 'string') throw invalidParams('Invalid param: missing signature');
  try {
    if (fromBase58(value).length === 64) return value;
  } catch {
    // not base58: reported below
  }
  throw invalidParams('Invalid param: WrongSize');
}

// chain.send / chain.simulate failures in agave's error shapes.
function rpcErrorOf(e: unknown): unknown {
  if (e instanceof PreflightFailure) {
    const { err } = e.simulation;
    if (err === 'SignatureFailure')
      return new RpcError(RPC_SIGNATURE_VERIFICATION_FAILURE, 'Transaction signature verification failure');
    return new RpcError(
      RPC_PREFLIGHT_FAILURE,
      `Transaction simulation failed: ${transactionErrorMessage(err ?? '')}`,
      encodeSimulation(e.simulation, { accounts: null, innerInstructions: false }),
    );
  }
  if (e instanceof InvalidTransaction)
    return invalidParams(`failed to deserialize solana_transaction::versioned::VersionedTransaction: ${e.message}`);
  return e;
}

const wireEncoding = (config: Config): 'base58' | 'base64' =>
  (oneOf(optionalString(config, 'encoding'), ['base58', 'base64'], 'encoding') ?? 'base58') as 'base58' | 'base64';

const status = (record: TransactionRecord) => ({
  slot: record.slot,
  confirmations: null,
  err: record.err,
  status: record.err ? { Err: record.err } : { Ok: null },
  confirmationStatus: 'finalized',
});

export function transactionMethods(chain: LocalChain): RpcMethods {
  return {
    requestAirdrop: (p) => {
      const address = addressAt(p, 0);
      const lamports = toBigInt(p[1], 'lamports');
      try {
        return chain.airdrop(address, lamports);
      } catch (e) {
        throw new RpcError(RPC_INTERNAL_ERROR, (e as Error).message);
      }
    },
    sendTransaction: (p) => {
      const config = configAt(p, 1);
      contextSlot(chain, config);
      const wire = wireParam(stringAt(p, 0, 'transaction'), wireEncoding(config));
      try {
        return chain.send(wire, { skipPreflight: optionalBoolean(config, 'skipPreflight') });
      } catch (e) {
        throw rpcErrorOf(e);
      }
    },
    simulateTransaction: (p) => {
      const config = configAt(p, 1);
      const sigVerify = optionalBoolean(config, 'sigVerify');
      const replaceRecentBlockhash = optionalBoolean(config, 'replaceRecentBlockhash');
      if (sigVerify && replaceRecentBlockhash)
        throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
      const wire = wireParam(stringAt(p, 0, 'transaction'), wireEncoding(config));
      const accountsConfig = config.accounts ? configAt([config.accounts], 0) : undefined;
      const accountsEncoding = accountsConfig
        ? (oneOf(optionalString(accountsConfig, 'encoding'), ['base64', 'jsonParsed'], 'encoding') ?? 'base64')
        : 'base64';
      const addresses = accountsConfig ? addressListAt([accountsConfig.addresses], 0, 1000) : undefined;
      let simulation;
      try {
        simulation = chain.simulate(wire, { sigVerify, replaceRecentBlockhash });
      } catch (e) {
        throw rpcErrorOf(e);
      }
      const accounts =
        addresses?.map((address) => {
          const account = simulation.postAccounts.has(address)
            ? simulation.postAccounts.get(address)
            : chain.getAccount(address);
          return account ? encodeAccount(chain, account, accountsEncoding) : null;
        }) ?? null;
      return withContext(
        chain,
        config,
        encodeSimulation(simulation, { accounts, innerInstructions: optionalBoolean(config, 'innerInstructions') }),
      );
    },
    getSignatureStatuses: (p) => {
      if (!Array.isArray(p[0])) throw invalidParams('Invalid params: expected an array of signatures');
      if (p[0].length > MAX_SIGNATURE_STATUSES)
        throw invalidParams(`Too many inputs provided; max ${MAX_SIGNATURE_STATUSES}`);
      const value = p[0].map((s) => {
        const record = chain.getTransactionRecord(signatureParam(s));
        return record ? status(record) : null;
      });
      return withContext(chain, configAt(p, 1), value);
    },
    getTransaction: (p) => {
      const signature = signatureParam(p[0]);
      // The legacy form passes the encoding string instead of a config object.
      const config = typeof p[1] === 'string' ? { encoding: p[1] } : configAt(p, 1);
      if (config.commitment === 'processed')
        throw invalidParams('Method does not support commitment below `confirmed`');
      const encoding = oneOf(optionalString(config, 'encoding'), TRANSACTION_ENCODINGS, 'encoding') ?? 'json';
      const record = chain.getTransactionRecord(signature);
      return record
        ? encodeTransactionRecord(record, encoding, optionalNumber(config, 'maxSupportedTransactionVersion'))
        : null;
    },
    getSignaturesForAddress: (p) => {
      const address = addressAt(p, 0);
      const config = configAt(p, 1);
      const limit = optionalNumber(config, 'limit') ?? MAX_SIGNATURES_FOR_ADDRESS;
      if (limit < 1 || limit > MAX_SIGNATURES_FOR_ADDRESS)
        throw invalidParams(`Invalid limit; max ${MAX_SIGNATURES_FOR_ADDRESS}`);
      const before = config.before === undefined ? undefined : signatureParam(config.before);
      const until = config.until === undefined ? undefined : signatureParam(config.until);
      contextSlot(chain, config);
      return chain.signaturesForAddress(address, { limit, before, until }).map((record) => ({
        signature: record.signature,
        slot: record.slot,
        err: record.err,
        memo: record.memo,
        blockTime: record.blockTime,
        confirmationStatus: 'finalized',
      }));
    },
  };
}
