import type { MintAccount, MintExtension, StateValue } from './mint-layout';

// The 0–100 safety score: 100 minus the points each factor deducts (floored at 0). Pure: everything it
// weighs arrives in ScoreInput, read from the chain by the service (upstreams.md §6 factors).

export type EvidenceValue = StateValue | string[];
export type FactorStatus = 'pass' | 'warn' | 'fail';
export type Risk = 'low' | 'medium' | 'high';

export interface MetadataFacts {
  source: 'metaplex' | 'token-2022';
  account: string; // the Metaplex PDA, or the mint itself for the Token-2022 extension
  updateAuthority: string | null;
  isMutable: boolean;
}

export interface Holder {
  owner: string; // wallet owning the token accounts (the token account itself when its owner is unknown)
  amount: bigint;
  tokenAccounts: string[];
}

export interface HolderFacts {
  supply: bigint;
  burned: bigint; // held by the incinerator: can never move again
  holders: Holder[]; // by owner, largest first, burn address excluded
  accountsSeen: number; // token accounts getTokenLargestAccounts returned (it returns at most 20)
}

export interface ScoreInput {
  token: MintAccount;
  metadata: MetadataFacts | null;
  holders: HolderFacts;
}

export interface Factor {
  id: FactorId;
  label: string;
  weight: number; // most points this factor can deduct
  points_deducted: number;
  status: FactorStatus; // pass: nothing deducted; fail: the full weight; warn: part of it
  detail: string;
  evidence: Record<string, EvidenceValue>;
}

export interface ScoreResult {
  score: number;
  risk: Risk;
  flags: FactorId[]; // the factors that deducted points, heaviest first
  factors: Factor[];
}

// Most points each factor can deduct.
export const WEIGHTS = {
  mint_authority: 25, // more supply can be minted at will
  freeze_authority: 20, // any holder's account can be frozen, so sells can be blocked
  permanent_delegate: 25, // one key can transfer or burn tokens out of every account
  non_transferable: 25, // holders can never sell or move the token
  default_account_state_frozen: 15, // new holders start frozen until the issuer thaws them
  pausable: 15, // the issuer can stop every transfer
  transfer_hook: 10, // a program runs on every transfer and can refuse it
  transfer_fee: 10, // a cut of every transfer goes to the issuer
  mint_close_authority: 5, // the mint can be closed (and re-created at the same address) once supply is 0
  metadata_mutable: 5, // name, symbol and image can be changed to impersonate another token
  top_holder_share: 15, // one wallet can dump on the market
  top10_holders_share: 15, // a handful of wallets control the supply
} as const;
export type FactorId = keyof typeof WEIGHTS;

const LABELS: Record<FactorId, string> = {
  mint_authority: 'Mint authority active',
  freeze_authority: 'Freeze authority active',
  permanent_delegate: 'Permanent delegate (Token-2022)',
  non_transferable: 'Non-transferable (Token-2022)',
  default_account_state_frozen: 'New accounts frozen by default (Token-2022)',
  pausable: 'Pausable transfers (Token-2022)',
  transfer_hook: 'Transfer hook (Token-2022)',
  transfer_fee: 'Transfer fee (Token-2022)',
  mint_close_authority: 'Mint close authority (Token-2022)',
  metadata_mutable: 'Metadata mutable',
  top_holder_share: 'Top holder share of supply',
  top10_holders_share: 'Top 10 holders share of supply',
};

// Holder concentration deducts nothing up to the first share and the full weight from the second, linearly between.
const TOP1_SHARE_FREE = 0.1;
const TOP1_SHARE_FULL = 0.5;
const TOP10_SHARE_FREE = 0.3;
const TOP10_SHARE_FULL = 0.9;
const TOP_N = 10;
// A transfer fee at or above 10% (1,000 bps) deducts the full weight; any non-zero fee at least 1 point.
const FEE_BPS_FULL = 1_000;
// A fee authority with a zero fee can still switch one on (effective two epochs later).
const FEE_AUTHORITY_POINTS = 3;
// A hook authority without a hook program can still install one.
const HOOK_AUTHORITY_POINTS = 5;
// A pause authority that has not paused yet.
const PAUSE_AUTHORITY_POINTS = 10;
// Score bands: low risk from 85, medium from 60.
const LOW_RISK_FROM = 85;
const MEDIUM_RISK_FROM = 60;
// Shares are reported to 4 decimals (0.0001 = 0.01%).
const SHARE_DECIMALS = 4;

function factor(id: FactorId, points: number, detail: string, evidence: Record<string, EvidenceValue>): Factor {
  const weight = WEIGHTS[id];
  const deducted = Math.max(0, Math.min(weight, Math.round(points)));
  return {
    id,
    label: LABELS[id],
    weight,
    points_deducted: deducted,
    status: deducted === 0 ? 'pass' : deducted >= weight ? 'fail' : 'warn',
    detail,
    evidence,
  };
}

const extensionOf = (token: MintAccount, name: string): MintExtension | undefined =>
  token.extensions.find((e) => e.extension === name);

const absent = (id: FactorId, token: MintAccount, what: string) =>
  factor(
    id,
    0,
    token.program === 'spl-token' ? `classic SPL Token mints cannot have ${what}` : `no ${what} extension`,
    { extension_present: false },
  );

function authorityFactor(id: 'mint_authority' | 'freeze_authority', authority: string | null, risk: string): Factor {
  return factor(id, authority ? WEIGHTS[id] : 0, authority ? `${authority} ${risk}` : 'renounced (none)', {
    [id]: authority,
  });
}

// Share of `part` in `whole` as a number with SHARE_DECIMALS decimals, computed on integers.
const shareOf = (part: bigint, whole: bigint): number =>
  whole === 0n ? 0 : Number((part * 10n ** BigInt(SHARE_DECIMALS)) / whole) / 10 ** SHARE_DECIMALS;

const scaled = (share: number, free: number, full: number, weight: number) =>
  share <= free ? 0 : share >= full ? weight : ((share - free) / (full - free)) * weight;

const percent = (share: number) => `${(share * 100).toFixed(2)}%`;

function concentrationFactors({ supply, burned, holders, accountsSeen }: HolderFacts): Factor[] {
  const circulating = supply - burned;
  const common = { supply: supply.toString(), burned_excluded: burned.toString(), accounts_seen: accountsSeen };
  if (circulating <= 0n || holders.length === 0) {
    const detail = 'no circulating supply: nothing to weigh';
    return [factor('top_holder_share', 0, detail, common), factor('top10_holders_share', 0, detail, common)];
  }
  const top = holders[0];
  const top1 = shareOf(top.amount, circulating);
  const tenAmount = holders.slice(0, TOP_N).reduce((sum, h) => sum + h.amount, 0n);
  const top10 = shareOf(tenAmount, circulating);
  return [
    factor(
      'top_holder_share',
      scaled(top1, TOP1_SHARE_FREE, TOP1_SHARE_FULL, WEIGHTS.top_holder_share),
      `${top.owner} holds ${percent(top1)} of the circulating supply`,
      {
        owner: top.owner,
        token_accounts: top.tokenAccounts,
        amount: top.amount.toString(),
        share: top1,
        ...common,
      },
    ),
    factor(
      'top10_holders_share',
      scaled(top10, TOP10_SHARE_FREE, TOP10_SHARE_FULL, WEIGHTS.top10_holders_share),
      `the top ${Math.min(TOP_N, holders.length)} wallets hold ${percent(top10)}`,
      {
        holders_counted: Math.min(TOP_N, holders.length),
        amount: tenAmount.toString(),
        share: top10,
        ...common,
      },
    ),
  ];
}

function transferFeeFactor(token: MintAccount): Factor {
  const fee = extensionOf(token, 'transferFeeConfig');
  if (!fee) return absent('transfer_fee', token, 'a transfer fee');
  // The newer fee takes effect at its epoch; the higher of the two is what a holder may pay soon.
  const bps = Math.max(Number(fee.state.older_basis_points ?? 0), Number(fee.state.newer_basis_points ?? 0));
  const authority = (fee.state.transfer_fee_config_authority as string | null) ?? null;
  const feePoints = bps > 0 ? Math.max(1, (Math.min(bps, FEE_BPS_FULL) / FEE_BPS_FULL) * WEIGHTS.transfer_fee) : 0;
  const points = Math.max(feePoints, authority ? FEE_AUTHORITY_POINTS : 0);
  const detail = `${bps / 100}% fee on transfers${authority ? `; ${authority} can change it` : ''}`;
  return factor('transfer_fee', points, detail, {
    basis_points: bps,
    maximum_fee: fee.state.newer_maximum_fee ?? null,
    transfer_fee_config_authority: authority,
  });
}

function extensionFactors(token: MintAccount): Factor[] {
  const delegate = extensionOf(token, 'permanentDelegate');
  const delegateKey = (delegate?.state.delegate as string | null | undefined) ?? null;
  const hook = extensionOf(token, 'transferHook');
  const hookProgram = (hook?.state.program_id as string | null | undefined) ?? null;
  const hookAuthority = (hook?.state.authority as string | null | undefined) ?? null;
  const defaultState = extensionOf(token, 'defaultAccountState');
  const pause = extensionOf(token, 'pausableConfig');
  const pauseAuthority = (pause?.state.authority as string | null | undefined) ?? null;
  const close = extensionOf(token, 'mintCloseAuthority');
  const closeAuthority = (close?.state.close_authority as string | null | undefined) ?? null;
  return [
    delegate
      ? factor(
          'permanent_delegate',
          delegateKey ? WEIGHTS.permanent_delegate : 0,
          delegateKey
            ? `${delegateKey} can transfer or burn tokens from any holder`
            : 'extension present, no delegate set',
          {
            extension_present: true,
            delegate: delegateKey,
          },
        )
      : absent('permanent_delegate', token, 'a permanent delegate'),
    extensionOf(token, 'nonTransferable')
      ? factor('non_transferable', WEIGHTS.non_transferable, 'the token can never be transferred (soulbound)', {
          extension_present: true,
        })
      : absent('non_transferable', token, 'a non-transferable'),
    defaultState
      ? factor(
          'default_account_state_frozen',
          defaultState.state.state === 'frozen' ? WEIGHTS.default_account_state_frozen : 0,
          `new token accounts start ${String(defaultState.state.state)}`,
          {
            extension_present: true,
            state: defaultState.state.state ?? null,
          },
        )
      : absent('default_account_state_frozen', token, 'a default-account-state'),
    pause
      ? factor(
          'pausable',
          pause.state.paused ? WEIGHTS.pausable : pauseAuthority ? PAUSE_AUTHORITY_POINTS : 0,
          pause.state.paused
            ? 'transfers are paused'
            : pauseAuthority
              ? `${pauseAuthority} can pause transfers`
              : 'no pause authority',
          {
            extension_present: true,
            authority: pauseAuthority,
            paused: pause.state.paused ?? null,
          },
        )
      : absent('pausable', token, 'a pausable'),
    hook
      ? factor(
          'transfer_hook',
          hookProgram ? WEIGHTS.transfer_hook : hookAuthority ? HOOK_AUTHORITY_POINTS : 0,
          hookProgram
            ? `program ${hookProgram} runs on every transfer`
            : hookAuthority
              ? `${hookAuthority} can install a hook program`
              : 'no hook program',
          {
            extension_present: true,
            program_id: hookProgram,
            authority: hookAuthority,
          },
        )
      : absent('transfer_hook', token, 'a transfer hook'),
    transferFeeFactor(token),
    close
      ? factor(
          'mint_close_authority',
          closeAuthority ? WEIGHTS.mint_close_authority : 0,
          closeAuthority ? `${closeAuthority} can close the mint once supply is 0` : 'no close authority',
          {
            extension_present: true,
            close_authority: closeAuthority,
          },
        )
      : absent('mint_close_authority', token, 'a mint-close-authority'),
  ];
}

function metadataFactor(metadata: MetadataFacts | null): Factor {
  if (!metadata)
    return factor('metadata_mutable', 0, 'no Metaplex or Token-2022 metadata found', { metadata_account: null });
  const evidence = {
    source: metadata.source,
    metadata_account: metadata.account,
    update_authority: metadata.updateAuthority,
    is_mutable: metadata.isMutable,
  };
  return factor(
    'metadata_mutable',
    metadata.isMutable ? WEIGHTS.metadata_mutable : 0,
    metadata.isMutable ? `${metadata.updateAuthority} can change name, symbol and URI` : 'immutable',
    evidence,
  );
}

function riskOf(score: number): Risk {
  return score >= LOW_RISK_FROM ? 'low' : score >= MEDIUM_RISK_FROM ? 'medium' : 'high';
}

export function scoreToken({ token, metadata, holders }: ScoreInput): ScoreResult {
  const factors = [
    authorityFactor('mint_authority', token.mintAuthority, 'can mint more supply'),
    authorityFactor('freeze_authority', token.freezeAuthority, 'can freeze any holder'),
    ...extensionFactors(token),
    metadataFactor(metadata),
    ...concentrationFactors(holders),
  ];
  const score = Math.max(0, 100 - factors.reduce((sum, f) => sum + f.points_deducted, 0));
  const flags = factors
    .filter((f) => f.points_deducted > 0)
    .sort((a, b) => b.points_deducted - a.points_deducted)
    .map((f) => f.id);
  return { score, risk: riskOf(score), flags, factors };
}
