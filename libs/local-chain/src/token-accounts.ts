import type { Address } from '@solana/kit';
import { AccountState, getMintEncoder, getTokenEncoder } from '@solana-program/token';

export interface MintFields {
  decimals: number;
  mintAuthority: string | null;
  freezeAuthority: string | null;
  supply: bigint;
}

// Account data written with the program's own encoders, so it is byte-for-byte what the program would write.
export const encodeMint = (mint: MintFields): Uint8Array =>
  new Uint8Array(
    getMintEncoder().encode({
      mintAuthority: mint.mintAuthority as Address | null,
      supply: mint.supply,
      decimals: mint.decimals,
      isInitialized: true,
      freezeAuthority: mint.freezeAuthority as Address | null,
    }),
  );

export const encodeTokenAccount = (mint: string, owner: string, amount: bigint): Uint8Array =>
  new Uint8Array(
    getTokenEncoder().encode({
      mint: mint as Address,
      owner: owner as Address,
      amount,
      delegate: null,
      state: AccountState.Initialized,
      isNative: null,
      delegatedAmount: 0n,
      closeAuthority: null,
    }),
  );
