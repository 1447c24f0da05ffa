export interface UiTokenAmount {
  amount: string;
  decimals: number;
  uiAmount: number | null;
  uiAmountString: string;
}

// One pre/post token balance of a transaction, kept raw; rendered by tokenBalanceJson.
export interface TokenBalance {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  amount: bigint;
  decimals: number;
}

// agave's real_number_string_trimmed: "2.5", "100", "0", never "2.500000".
export function realNumberStringTrimmed(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString();
  const digits = amount.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, -decimals);
  const fraction = digits.slice(-decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

// As in account data and instructions: uiAmount is a number even when zero.
export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const uiAmountString = realNumberStringTrimmed(amount, decimals);
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}

// Transaction metadata goes through protobuf in agave's blockstore, which turns a zero uiAmount into null.
export function tokenBalanceJson(balance: TokenBalance): Record<string, unknown> {
  const ui = uiTokenAmount(balance.amount, balance.decimals);
  return {
    accountIndex: balance.accountIndex,
    mint: balance.mint,
    owner: balance.owner,
    programId: balance.programId,
    uiTokenAmount: { ...ui, uiAmount: balance.amount === 0n ? null : ui.uiAmount },
  };
}
