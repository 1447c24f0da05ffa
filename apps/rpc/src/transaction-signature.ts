import { getBase58Decoder, getBase58Encoder, getBase64Encoder } from '@solana/kit';

// A wire transaction starts with a compact-u16 signature count, then 64-byte signatures; the first is the id.
const SIGNATURE_BYTES = 64;

// The signature of sendTransaction's transaction (params[0], base58 unless config.encoding is base64),
// or undefined when it cannot be read.
export function signatureOf(params: unknown[] | undefined): string | undefined {
  const [wire, config] = params ?? [];
  if (typeof wire !== 'string') return undefined;
  const encoding = (config as { encoding?: unknown } | undefined)?.encoding ?? 'base58';
  try {
    const bytes = encoding === 'base64' ? getBase64Encoder().encode(wire) : getBase58Encoder().encode(wire);
    const count = bytes[0];
    // counts ≥ 128 take two bytes: not a real transaction
    if (!count || count >= 0x80 || bytes.length < 1 + SIGNATURE_BYTES) return undefined;
    return getBase58Decoder().decode(bytes.subarray(1, 1 + SIGNATURE_BYTES));
  } catch {
    return undefined;
  }
}
