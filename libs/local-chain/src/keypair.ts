import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { bytesToAddress } from '@toll/solana';

export interface LocalKeypair {
  address: string;
  // Solana's 64-byte form: 32-byte seed followed by the 32-byte public key (what web3.js and kit import).
  secretKey: Uint8Array;
  sign(message: Uint8Array): Uint8Array;
}

// PKCS#8 DER prefix of an Ed25519 private key; the 32-byte seed follows it.
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

// node:crypto signs synchronously, so seeding helpers (airdrop) stay synchronous unlike WebCrypto.
export function generateKeypair(): LocalKeypair {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const seed = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(PKCS8_PREFIX.length);
  const pub = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  return fromParts(privateKey, seed, pub);
}

function fromParts(privateKey: KeyObject, seed: Uint8Array, pub: Uint8Array): LocalKeypair {
  const secretKey = new Uint8Array(64);
  secretKey.set(seed, 0);
  secretKey.set(pub, 32);
  return {
    address: bytesToAddress(pub),
    secretKey,
    sign: (message) => new Uint8Array(sign(null, message, privateKey)),
  };
}
