import { canonicalJson } from '@toll/contracts';
import { hash } from 'node:crypto';

// Spending from a prepaid balance: the request carries the wallet, a timestamp, a nonce and an Ed25519 signature by
// the wallet's key over the text below (UTF-8). Nothing in it is a bearer secret: a logged request cannot be replayed
// (the nonce is single-use), altered (method, path and input are signed) or taken to another Toll deployment (v2 names
// the network and the payments recipient). See docs/payments.md, "Prepaid balance".
export const BALANCE_HEADERS = {
  wallet: 'x-toll-wallet',
  timestamp: 'x-toll-timestamp',
  nonce: 'x-toll-nonce',
  signature: 'x-toll-signature',
} as const;

export const BALANCE_SIGNING_PREFIX = 'toll-balance-v2';
// The form before 2026-11-28, without the deployment: still accepted until PAYMENTS_BALANCE_V1_UNTIL
// (docs/payments.md).
export const BALANCE_SIGNING_PREFIX_V1 = 'toll-balance-v1';
export const BALANCE_NONCE = /^[A-Za-z0-9_-]{16,64}$/;

export interface BalanceSigned {
  method: string; // GET | POST, upper case
  path: string; // the URL path as requested, without the query string
  input_sha256: string; // lower-case hex sha256 of the canonical JSON of the operation's input
  timestamp: string; // unix seconds, decimal
  nonce: string;
}

// One-shot crypto.hash: 0.39 µs against createHash().update().digest()'s 0.96 µs on a 200-byte text; every paid call
// hashes four.
export const sha256Hex = (text: string | Buffer) => hash('sha256', text, 'hex');

// The operation's input as the gateway validates it (query parameters and path parameters for GET, the JSON body
// and path parameters for POST), keys sorted at every depth: equal inputs hash equally whatever their order.
export const inputSha256 = (input: unknown) => sha256Hex(canonicalJson(input));

// Whose service a signature is for: the CAIP-2 network and the payments recipient, as GET /toll/payments/health states
// them (terms.network, terms.recipient) and every 402 repeats (accepts[].network, accepts[].payTo).
export interface BalanceDeployment {
  network: string;
  recipient: string;
}

// The exact bytes signed: eight lines joined by "\n", no trailing newline.
export const balanceSigningText = (s: BalanceSigned, d: BalanceDeployment) =>
  [
    BALANCE_SIGNING_PREFIX,
    d.network,
    d.recipient,
    s.method.toUpperCase(),
    s.path,
    s.input_sha256,
    s.timestamp,
    s.nonce,
  ].join('\n');

// The v1 bytes (six lines, no deployment), verified only while the old form is still accepted.
export const balanceSigningTextV1 = (s: BalanceSigned) =>
  [BALANCE_SIGNING_PREFIX_V1, s.method.toUpperCase(), s.path, s.input_sha256, s.timestamp, s.nonce].join('\n');

// What a receipt's request_sha256 hashes: operation, method, path and input_sha256, one per line (UTF-8, no final
// newline).
export const requestSha256 = (operationId: string, method: string, path: string, input: unknown) =>
  sha256Hex([operationId, method.toUpperCase(), path, inputSha256(input)].join('\n'));
