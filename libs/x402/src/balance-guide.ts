import { BALANCE_CREDIT_PATH, canonicalJson } from '@toll/contracts';
import { BALANCE_HEADERS, BALANCE_SIGNING_PREFIX, balanceSigningText, inputSha256 } from './balance-auth';
import { SOLANA_NETWORKS } from './networks';

// How to spend from a prepaid balance, as every served surface states it (the 402's how_to_pay and its v2 extension,
// OpenAPI, /llms.txt, /docs, GET / and the MCP instructions): one text, so no surface can drift from what payments
// checks. The worked example is a test vector (balance-guide.spec.ts reproduces it with tweetnacl alone).

export const DEPOSIT_PATHS = [
  '/toll/payments/balance/deposit-1',
  '/toll/payments/balance/deposit-10',
  '/toll/payments/balance/deposit-100',
] as const;
export const BALANCE_READ_PATH = '/toll/payments/balance';
export const BALANCE_CAPS_PATH = '/toll/payments/balance/caps';
// Re-exported beside the other balance paths; defined with the error that names it (libs/contracts errors.ts).
export { BALANCE_CREDIT_PATH };
// One USD in the balance's unit (USDC atomic units, 6 decimals) and in a spend policy's unit (cents).
export const ATOMIC_PER_USD = 1_000_000;
export const CENTS_PER_USD = 100;

// Fixed key (seed bytes 1..32), fixed request: anyone can check their signer against these exact bytes.
const EXAMPLE_SEED_HEX = Array.from({ length: 32 }, (_, i) => (i + 1).toString(16).padStart(2, '0')).join('');
const EXAMPLE_INPUT = { sku: '42', lang: 'en' };
const EXAMPLE_SIGNED = {
  method: 'GET',
  path: '/toll/shop/item',
  input_sha256: inputSha256(EXAMPLE_INPUT),
  timestamp: '1764000000',
  nonce: 'example-nonce-0001',
};
const EXAMPLE_WALLET = '9C6hybhQ6Aycep9jaUnP6uL9ZYvDjUp1aSkFWPUFJtpj';
// An example deployment (mainnet, a recipient that is nobody's): sign with the values of the service you call.
const EXAMPLE_DEPLOYMENT = {
  network: SOLANA_NETWORKS.mainnet.caip2,
  recipient: '8KV78jG9YuR8UHZiFhitRhQF3X65j2VqfFYSYMdo3Pmu',
};
const EXAMPLE_SIGNATURE = 'mZoPoxk4HgqCd9hNvyNYoBJkPRfy0a8GtRpiY4UGATC9ZCTb8R5OLbsQjrqBwFSq4x0UFQgl4URw9h2MvnnwAg==';

export const BALANCE_EXAMPLE = {
  secret_seed_hex: EXAMPLE_SEED_HEX,
  key_note:
    'Ed25519 key pair from this 32-byte seed (tweetnacl: nacl.sign.keyPair.fromSeed; a Solana keypair file holds ' +
    'seed + public key)',
  wallet: EXAMPLE_WALLET,
  request: `GET ${EXAMPLE_SIGNED.path}?sku=42&lang=en`,
  input: EXAMPLE_INPUT,
  input_canonical_json: canonicalJson(EXAMPLE_INPUT),
  input_sha256: EXAMPLE_SIGNED.input_sha256,
  network: EXAMPLE_DEPLOYMENT.network,
  recipient: EXAMPLE_DEPLOYMENT.recipient,
  timestamp: EXAMPLE_SIGNED.timestamp,
  nonce: EXAMPLE_SIGNED.nonce,
  signed_text: balanceSigningText(EXAMPLE_SIGNED, EXAMPLE_DEPLOYMENT),
  signed_text_hex: Buffer.from(balanceSigningText(EXAMPLE_SIGNED, EXAMPLE_DEPLOYMENT), 'utf8').toString('hex'),
  signature_base64: EXAMPLE_SIGNATURE,
  headers: {
    [BALANCE_HEADERS.wallet]: EXAMPLE_WALLET,
    [BALANCE_HEADERS.timestamp]: EXAMPLE_SIGNED.timestamp,
    [BALANCE_HEADERS.nonce]: EXAMPLE_SIGNED.nonce,
    [BALANCE_HEADERS.signature]: EXAMPLE_SIGNATURE,
  },
} as const;

// The steps, each one self-contained sentence: numbered in Markdown, listed in JSON.
export const BALANCE_STEPS: readonly string[] = [
  `Deposit: POST ${DEPOSIT_PATHS.join(', ')} with body {} (1, 10 or 100 USD) and pay its 402 like any paid ` +
    `operation (memo flow in SOL or USDC, or x402). The wallet that paid (the memo-flow transaction's fee payer, ` +
    `or the x402 payer) is credited the tier's USD value in USDC atomic units (1 USD = ${ATOMIC_PER_USD}).`,
  `Spend: send any paid request with four headers instead of a payment proof: ${BALANCE_HEADERS.wallet} (your ` +
    `Solana address, base58), ${BALANCE_HEADERS.timestamp} (unix seconds, within the allowed clock skew of our ` +
    `clock, 60 s by default), ${BALANCE_HEADERS.nonce} (16-64 characters of [A-Za-z0-9_-], never reused by this ` +
    `wallet) and ${BALANCE_HEADERS.signature} (standard base64, 88 characters, of the 64-byte Ed25519 signature by ` +
    `the wallet's key).`,
  `Signed text: UTF-8, eight lines joined by "\\n" with no trailing newline: "${BALANCE_SIGNING_PREFIX}", the ` +
    `network and the recipient of the service you call (GET /toll/payments/health: terms.network and ` +
    `terms.recipient; every 402 names them too, accepts[].network and accepts[].payTo), the HTTP method in upper ` +
    `case, the URL path as requested without the query string, input_sha256, the timestamp, the nonce. The network ` +
    `and recipient lines bind the signature to this deployment: another service running this code cannot charge it.`,
  'input_sha256: lower-case hex sha256 of the canonical JSON of the input. GET: the query parameters as an ' +
    'object of name to string value (toll_memo left out; {} when there are none). POST: the JSON body. Path ' +
    'parameters are covered by the path. Canonical JSON: object keys sorted by UTF-16 code unit at every depth, no ' +
    'whitespace, strings and numbers written as JSON.stringify writes them.',
  `Read the balance (free): GET ${BALANCE_READ_PATH}?wallet=…&timestamp=…&nonce=…&signature=…[&limit=…], the ` +
    `four fields in the query and signed the same way over GET, ${BALANCE_READ_PATH} and the rest of the query (so ` +
    `{} without limit). POST ${BALANCE_CAPS_PATH} sets caps the same way, the four fields in the body, and POST ` +
    `${BALANCE_CREDIT_PATH} {transaction[, memo]} credits a payment that paid for nothing (a call that failed, a ` +
    `payment we refused) to the wallet that paid it. Amounts are USDC atomic units (1 USD = ${ATOMIC_PER_USD}).`,
  'MCP: put {wallet, timestamp, nonce, signature} in _meta["toll/balance-payment"], signed over the route\'s ' +
    'method, its path template as the catalog writes it and the whole tool arguments object.',
  'A refused signature is a 402 whose error names the failing part: balance_auth_malformed (balance_auth.part ' +
    'names the field), balance_clock_skew (balance_auth.server_time), nonce_reused, balance_signature_invalid ' +
    '(balance_auth.expected_signed_text is the text we verified: a differing line is your mistake; the same text ' +
    'means the key does not match the wallet); balance_too_low names the shortfall and the deposit routes.',
];

// The same guide as data (GET /, the 402 body, OpenAPI).
export const balanceGuide = () => ({ steps: BALANCE_STEPS, example: BALANCE_EXAMPLE });

// The signing part alone, for the v2 PaymentRequired that travels in a header (common clients refuse response headers
// past 16 KiB in all): the three steps that define the bytes and the example's values; the rest is in the 402 body.
// What of the example a signer needs, in the order it is shown.
const SIGNING_EXAMPLE_FIELDS = [
  'secret_seed_hex',
  'wallet',
  'request',
  'input_canonical_json',
  'input_sha256',
  'network',
  'recipient',
  'timestamp',
  'nonce',
  'signed_text',
  'signature_base64',
] as const;
type SigningExample = Pick<typeof BALANCE_EXAMPLE, (typeof SIGNING_EXAMPLE_FIELDS)[number]>;

export const balanceSigningGuide = () => ({
  steps: BALANCE_STEPS.filter((s) => /^(Spend|Signed text|input_sha256):/.test(s)),
  example: Object.fromEntries(SIGNING_EXAMPLE_FIELDS.map((k) => [k, BALANCE_EXAMPLE[k]])) as SigningExample,
  more:
    'The deposit routes, the balance read and the refusal reasons: toll.how_to_pay in the 402 body, ' +
    'payment.balance at GET /.',
});

// As Markdown (/llms.txt, /docs source text, MCP instructions): the steps, then the example's exact values.
export function balanceGuideMarkdown(): string {
  const e = BALANCE_EXAMPLE;
  return [
    ...BALANCE_STEPS.map((s, i) => `${i + 1}. ${s}`),
    '',
    'Worked example (check your signer against it):',
    '',
    `- secret seed (hex): ${e.secret_seed_hex}; wallet: ${e.wallet}`,
    `- request: ${e.request}; input: ${e.input_canonical_json}; input_sha256: ${e.input_sha256}`,
    `- network: ${e.network}; recipient: ${e.recipient} (an example deployment: sign with the values of the ` +
      `service you call)`,
    `- timestamp: ${e.timestamp}; nonce: ${e.nonce}`,
    `- signed text (JSON string): ${JSON.stringify(e.signed_text)}`,
    `- signed bytes (hex): ${e.signed_text_hex}`,
    `- ${BALANCE_HEADERS.signature}: ${e.signature_base64}`,
  ].join('\n');
}
