import { createHash } from 'node:crypto';

// TRON addresses: base58check of 0x41 + a 20-byte account id + 4 checksum bytes (double SHA-256).
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
export const TRON_ADDRESS_PATTERN = '^T[1-9A-HJ-NP-Za-km-z]{33}$';

function base58Decode(text: string): Buffer | null {
  let n = 0n;
  for (const ch of text) {
    const digit = ALPHABET.indexOf(ch);
    if (digit < 0) return null;
    n = n * 58n + BigInt(digit);
  }
  const hex = n.toString(16).padStart(2, '0');
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  const leadingZeros = text.length - text.replace(/^1+/, '').length;
  return Buffer.concat([Buffer.alloc(leadingZeros), body]);
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest();

// The 21-byte address (0x41 prefix) when the checksum holds, else null.
export function decodeTronAddress(address: string): Buffer | null {
  const raw = base58Decode(address);
  if (!raw || raw.length !== 25 || raw[0] !== 0x41) return null;
  const payload = raw.subarray(0, 21);
  return sha256(sha256(payload)).subarray(0, 4).equals(raw.subarray(21)) ? payload : null;
}

// ABI word for an address argument: the 20-byte account id, left-padded to 32 bytes (hex).
export const addressWord = (address: string) =>
  decodeTronAddress(address)!.subarray(1).toString('hex').padStart(64, '0');

export const uintWord = (value: bigint) => value.toString(16).padStart(64, '0');
