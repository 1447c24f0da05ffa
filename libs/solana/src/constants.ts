import { PublicKey } from '@solana/web3.js';

// Program ids, written once here (docs/x402.md §1.4). Mints per network live with the x402 network table.
export const PROGRAMS = {
  system: new PublicKey('11111111111111111111111111111111'),
  token: new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'),
  token2022: new PublicKey('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'),
  associatedToken: new PublicKey('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'),
  computeBudget: new PublicKey('ComputeBudget111111111111111111111111111111'),
  memo: new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'),
  memoV1: new PublicKey('Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo'),
  // Signature-verification precompiles: each signature they check costs a base fee like a transaction signature.
  ed25519: new PublicKey('Ed25519SigVerify111111111111111111111111111'),
  secp256k1: new PublicKey('KeccakSecp256k11111111111111111111111111111'),
  secp256r1: new PublicKey('Secp256r1SigVerify1111111111111111111111111'),
  // Metaplex Token Metadata: name, symbol and URI of classic SPL mints live in its PDA ['metadata', program, mint].
  tokenMetadata: new PublicKey('metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s'),
} as const;

// The Metaplex metadata PDA of a mint: seeds ['metadata', program id, mint] under the Token Metadata program.
export const metaplexMetadataAddress = (mint: PublicKey): PublicKey =>
  PublicKey.findProgramAddressSync(
    [Buffer.from('metadata'), PROGRAMS.tokenMetadata.toBuffer(), mint.toBuffer()],
    PROGRAMS.tokenMetadata,
  )[0];

// The associated token account of (owner, mint) under a token program.
export const associatedTokenAddress = (
  owner: PublicKey,
  mint: PublicKey,
  tokenProgram: PublicKey = PROGRAMS.token,
): PublicKey =>
  PublicKey.findProgramAddressSync(
    [owner.toBuffer(), tokenProgram.toBuffer(), mint.toBuffer()],
    PROGRAMS.associatedToken,
  )[0];

export const isBase58PublicKey = (s: string): boolean => {
  try {
    return new PublicKey(s).toBase58() === s;
  } catch {
    return false;
  }
};
