import type { Keypair } from '@solana/web3.js';
import {
  BALANCE_HEADERS,
  HEADERS,
  balanceSigningText,
  checkReceipt,
  ed25519PrivateKey,
  ed25519PublicKey,
  inputSha256,
  payerProofText,
  requestSha256,
  sha256Hex,
  type BalanceDeployment,
  type ReceiptCheck,
} from '@toll/x402';
import { randomBytes, sign } from 'node:crypto';

// What a balance call or a payer proof signs besides method and path: the query parameters (GET) or the JSON body
// (POST).
function signedInput(url: URL, init: RequestInit): unknown {
  const method = (init.method ?? 'GET').toUpperCase();
  if (method === 'GET') {
    const query = Object.fromEntries(url.searchParams);
    delete query.toll_memo;
    return query;
  }
  return typeof init.body === 'string' ? JSON.parse(init.body) : {};
}

// Whose service a balance signature is for, as its payments health states it (terms.network, terms.recipient). One
// read per service and process: a deployment's network and recipient do not change while it runs.
const deployments = new Map<string, Promise<BalanceDeployment>>();
export function balanceDeployment(serviceUrl: string): Promise<BalanceDeployment> {
  const origin = new URL(serviceUrl).origin;
  let known = deployments.get(origin);
  if (!known) {
    known = fetch(`${origin}/toll/payments/health`, { signal: AbortSignal.timeout(10_000) }).then(async (res) => {
      const terms = res.ok ? ((await res.json()) as { terms?: Partial<BalanceDeployment> }).terms : undefined;
      if (typeof terms?.network !== 'string' || typeof terms?.recipient !== 'string')
        throw new Error(
          `${origin}/toll/payments/health names no terms.network and terms.recipient (status ${res.status})`,
        );
      return { network: terms.network, recipient: terms.recipient };
    });
    known.catch(() => deployments.delete(origin));
    deployments.set(origin, known);
  }
  return known;
}

// The four headers that spend from the wallet's prepaid balance (docs/payments.md, "Prepaid balance"). The secret
// key never leaves this process; the signature covers this one request for this deployment, its nonce single-use.
export function balanceHeaders(
  url: string,
  init: RequestInit,
  keypair: Keypair,
  deployment: BalanceDeployment,
  now = Date.now(),
): Record<string, string> {
  const u = new URL(url);
  const timestamp = String(Math.floor(now / 1000));
  const nonce = randomBytes(16).toString('base64url');
  const text = balanceSigningText(
    {
      method: init.method ?? 'GET',
      path: u.pathname,
      input_sha256: inputSha256(signedInput(u, init)),
      timestamp,
      nonce,
    },
    deployment,
  );
  return {
    [BALANCE_HEADERS.wallet]: keypair.publicKey.toBase58(),
    [BALANCE_HEADERS.timestamp]: timestamp,
    [BALANCE_HEADERS.nonce]: nonce,
    [BALANCE_HEADERS.signature]: signText(text, keypair),
  };
}

// The wallet's Ed25519 signature of a UTF-8 text, standard base64.
function signText(text: string, keypair: Keypair): string {
  const key = ed25519PrivateKey(keypair.secretKey.subarray(0, 32));
  return sign(null, Buffer.from(text, 'utf8'), key).toString('base64');
}

// The header that lets the payer, and only the payer, redeem a memo on an operation whose answer is a credential (the
// 402's toll.payer_proof; docs/payments.md, "Who can redeem a payment"). The text is rebuilt here from the memo and
// this request, never taken from the server: the wallet key signs nothing but a toll-payer-v1 text.
export function payerProofHeaders(
  operationId: string,
  memo: string,
  url: string,
  init: RequestInit,
  keypair: Keypair,
): Record<string, string> {
  const u = new URL(url);
  const request = requestSha256(operationId, init.method ?? 'GET', u.pathname, signedInput(u, init));
  return { [HEADERS.payerSignature]: signText(payerProofText(memo, request), keypair) };
}

// The same signature for an MCP tool call, which has no URL to rebuild the request hash from: the hash comes from the
// challenge, checked to be one, so the key still signs only a toll-payer-v1 text naming the memo this client paid.
export function payerProofSignature(memo: string, requestSha256: string, keypair: Keypair): string {
  if (!/^[0-9a-f]{64}$/.test(requestSha256)) throw new Error('the challenge names no request hash to sign');
  return signText(payerProofText(memo, requestSha256), keypair);
}

// The fields an owner request (balance read, caps) carries in its input, signed over the rest of the input.
export function ownerAuth(
  method: 'GET' | 'POST',
  path: string,
  input: Record<string, string | null>,
  keypair: Keypair,
  deployment: BalanceDeployment,
  now = Date.now(),
) {
  const url = new URL(`http://owner${path}`);
  if (method === 'GET')
    for (const [name, value] of Object.entries(input)) if (value !== null) url.searchParams.set(name, value);
  const headers = balanceHeaders(
    url.toString(),
    method === 'GET' ? { method } : { method, body: JSON.stringify(input) },
    keypair,
    deployment,
    now,
  );
  return {
    wallet: headers[BALANCE_HEADERS.wallet],
    timestamp: headers[BALANCE_HEADERS.timestamp],
    nonce: headers[BALANCE_HEADERS.nonce],
    signature: headers[BALANCE_HEADERS.signature],
  };
}

export type { ReceiptClaims } from '@toll/x402';

export interface ReceiptExpectation {
  body?: string; // the exact response body text received
  request?: { operationId: string; method: string; path: string; input: unknown }; // input minus path parameters
}

// Offline: the receipt's Ed25519 signature under payments' public key (GET /toll/payments/health,
// terms.receiptPublicKey), and, when given, that it binds this exact response body and this request.
export function verifyReceipt(receipt: string, publicKeyBase64: string, expect: ReceiptExpectation = {}): ReceiptCheck {
  const checked = checkReceipt(receipt, ed25519PublicKey(Buffer.from(publicKeyBase64, 'base64')));
  if (!checked.valid) return checked;
  const { claims } = checked;
  if (expect.body !== undefined && claims.response_sha256 !== sha256Hex(expect.body))
    return { valid: false, reason: 'response_mismatch' };
  if (expect.request) {
    const r = expect.request;
    if (claims.request_sha256 !== requestSha256(r.operationId, r.method, r.path, r.input))
      return { valid: false, reason: 'request_mismatch' };
  }
  return { valid: true, claims };
}
