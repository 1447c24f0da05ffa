import { TOKEN_PROGRAM } from './programs';
import { uiTokenAmount } from './token-balances';
import { decodeMint, decodeTokenAccount, isMintData, isTokenAccountData } from './token-layout';

export interface ParsedAccountData {
  program: string;
  parsed: { type: string; info: Record<string, unknown> };
  space: number;
}

// agave account-decoder parse_token.rs for mints and token accounts (base state; Token-2022 extensions are
// not decoded). undefined means "send base64", which is what agave does for anything it cannot parse.
export function parseAccountData(
  owner: string,
  data: Uint8Array,
  decimalsOf: (mint: string) => number | undefined,
): ParsedAccountData | undefined {
  const program = owner === TOKEN_PROGRAM ? 'spl-token' : 'spl-token-2022';
  if (isMintData(owner, data)) {
    const mint = decodeMint(data);
    const info = {
      decimals: mint.decimals,
      freezeAuthority: mint.freezeAuthority,
      isInitialized: mint.isInitialized,
      mintAuthority: mint.mintAuthority,
      supply: mint.supply.toString(),
    };
    return { program, parsed: { type: 'mint', info }, space: data.length };
  }
  if (isTokenAccountData(owner, data)) {
    const account = decodeTokenAccount(data);
    const decimals = decimalsOf(account.mint);
    if (decimals === undefined) return undefined;
    const info: Record<string, unknown> = {
      mint: account.mint,
      owner: account.owner,
      tokenAmount: uiTokenAmount(account.amount, decimals),
    };
    if (account.delegate) info.delegate = account.delegate;
    info.state = account.state;
    info.isNative = account.isNative !== null;
    if (account.isNative !== null) info.rentExemptReserve = uiTokenAmount(account.isNative, decimals);
    if (account.delegate) info.delegatedAmount = uiTokenAmount(account.delegatedAmount, decimals);
    if (account.closeAuthority) info.closeAuthority = account.closeAuthority;
    return { program, parsed: { type: 'account', info }, space: data.length };
  }
  return undefined;
}
