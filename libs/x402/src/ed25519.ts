import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

// Raw Ed25519 keys (a 32-byte seed, a 32-byte public key: what Solana wallets and our receipt keys are) as node:crypto
// KeyObjects, behind the fixed DER prefixes of PKCS#8 and SPKI.
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');

export const ed25519PrivateKey = (seed: Uint8Array): KeyObject =>
  createPrivateKey({ key: Buffer.concat([PKCS8_ED25519, seed]), format: 'der', type: 'pkcs8' });

export const ed25519PublicKey = (raw: Uint8Array): KeyObject =>
  createPublicKey({ key: Buffer.concat([SPKI_ED25519, raw]), format: 'der', type: 'spki' });

export const rawEd25519PublicKey = (key: KeyObject): Buffer =>
  key.export({ format: 'der', type: 'spki' }).subarray(SPKI_ED25519.length);
