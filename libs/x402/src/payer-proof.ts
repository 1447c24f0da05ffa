// A memo and its transaction are public on chain, and a settled x402 transaction too: whoever reads them can repeat
// the payer's request. Where the answer is a credential (payerProof routes), the redeemer must also prove it holds
// the paying wallet's key: an Ed25519 signature, standard base64, of the text below (UTF-8, three lines joined by
// "\n", no trailing newline), by the memo-flow transaction's fee payer or the x402 payer. Nothing in it is a bearer
// secret: it names one memo and one request, which only the payer could have asked for.
export const PAYER_PROOF_PREFIX = 'toll-payer-v1';

// request_sha256: the receipt's request hash (requestSha256 in balance-auth.ts) of the request being redeemed.
export const payerProofText = (memo: string, requestSha256: string) =>
  [PAYER_PROOF_PREFIX, memo, requestSha256].join('\n');
