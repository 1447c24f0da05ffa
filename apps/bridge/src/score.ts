import type { BridgeRow, DestinationToken, Upgrade, Validation } from './bridge-table';

// One explainable score per route: three factors, each 0-100 with its weight and evidence, and a weighted total.
export const WEIGHTS = { security: 0.45, liquidity: 0.3, incidents: 0.25 } as const;

// L2BEAT's columns mapped to points. Committees gain for size (≥ 10 signers needed) and lose for tiny quorums.
const VALIDATION: Record<Validation, number> = {
  'light-client': 95,
  optimistic: 80,
  committee: 55,
  attester: 50,
  multisig: 35,
};
const TOKEN: Record<DestinationToken, number> = {
  'native-canonical': 100,
  canonical: 85,
  'canonical-or-wrapped': 60,
  wrapped: 40,
};
const upgradePoints = (type: Upgrade, delayDays: number) =>
  ({ immutable: 100, timelock: 50 + Math.min(40, delayDays * 5), 'multisig-instant': 35, eoa: 10 })[type];

// A transfer up to 0.1 % of the bridge's TVL (or of its average daily volume) is easy; half of it or more is not.
const EASY_RATIO = 0.001;
const HARD_RATIO = 0.5;
// An incident's weight fades over five years; a larger net loss weighs more (10 points per ×10 above $1M, ≤ 30).
const FADE_DAYS = 1825;
const DAY_MS = 86_400_000;

export interface Incident {
  date: string; // YYYY-MM-DD
  name: string;
  amount_usd: number;
  returned_usd: number;
  source: string | null;
}

export interface Liquidity {
  tvl_usd: number | null;
  volume_30d_usd: number | null;
}

export interface Factor {
  name: 'security' | 'liquidity' | 'incidents';
  weight: number;
  value: number | null; // 0-100, null when unknown
  evidence: string[];
}

export function securityFactor(b: BridgeRow): Factor {
  const t = b.validation.threshold;
  const validation =
    VALIDATION[b.validation.type] +
    (b.validation.type === 'committee' && t ? (t.m >= 10 ? 10 : t.m <= 2 ? -10 : 0) : 0);
  const upgrade = upgradePoints(b.upgrade.type, b.upgrade.delay_days);
  const token = TOKEN[b.destination_token];
  return {
    name: 'security',
    weight: WEIGHTS.security,
    value: Math.round(0.5 * validation + 0.3 * upgrade + 0.2 * token),
    evidence: [
      `validated by: ${b.validation.type} (${validation}/100): ${b.validation.detail}`,
      `upgradeability: ${b.upgrade.type}${b.upgrade.delay_days ? `, ${b.upgrade.delay_days}-day delay` : ''} ` +
        `(${upgrade}/100): ${b.upgrade.detail}`,
      `destination token: ${b.destination_token} (${token}/100)`,
      `weights inside the factor: validation 0.5, upgradeability 0.3, destination token 0.2; source ${b.source}, ` +
        `reviewed ${b.reviewed}`,
    ],
  };
}

const ratioPoints = (ratio: number) =>
  ratio <= EASY_RATIO
    ? 100
    : ratio >= HARD_RATIO
      ? 0
      : Math.round(
          (100 * (Math.log10(HARD_RATIO) - Math.log10(ratio))) / (Math.log10(HARD_RATIO) - Math.log10(EASY_RATIO)),
        );

const pct = (r: number) => `${(r * 100).toPrecision(3)} %`;

export function liquidityFactor(amountUsd: number, l: Liquidity): Factor {
  const parts: Array<{ points: number; text: string }> = [];
  if (l.tvl_usd)
    parts.push({
      points: ratioPoints(amountUsd / l.tvl_usd),
      text: `amount is ${pct(amountUsd / l.tvl_usd)} of TVL $${Math.round(l.tvl_usd)}`,
    });
  if (l.volume_30d_usd) {
    const daily = l.volume_30d_usd / 30;
    parts.push({
      points: ratioPoints(amountUsd / daily),
      text: `amount is ${pct(amountUsd / daily)} of average daily volume $${Math.round(daily)} (30-day volume / 30)`,
    });
  }
  return {
    name: 'liquidity',
    weight: WEIGHTS.liquidity,
    value: parts.length ? Math.min(...parts.map((p) => p.points)) : null,
    evidence: parts.length
      ? [
          ...parts.map((p) => `${p.text} (${p.points}/100)`),
          'the lower of the two counts; ≤ 0.1 % scores 100, ≥ 50 % scores 0, log-linear between',
        ]
      : ['no TVL or volume figure for this bridge: liquidity unknown, left out of the total'],
  };
}

export function incidentFactor(
  incidents: readonly Incident[],
  now: number,
): Factor & { last_incident: { date: string; days_since: number; lost_usd: number; returned_usd: number } | null } {
  if (!incidents.length)
    return {
      name: 'incidents',
      weight: WEIGHTS.incidents,
      value: 100,
      evidence: ['no recorded incident in the DefiLlama hacks list'],
      last_incident: null,
    };
  const last = [...incidents].sort((a, b) => b.date.localeCompare(a.date))[0];
  const days = Math.floor((now - Date.parse(`${last.date}T00:00:00Z`)) / DAY_MS);
  const lost = incidents.reduce((s, i) => s + i.amount_usd, 0);
  const returned = incidents.reduce((s, i) => s + i.returned_usd, 0);
  const recency = Math.round(50 * (1 - Math.min(1, days / FADE_DAYS)));
  const size = Math.round(Math.min(30, 10 * Math.log10(Math.max(1, (lost - returned) / 1e6))));
  return {
    name: 'incidents',
    weight: WEIGHTS.incidents,
    value: Math.max(0, 100 - recency - size),
    evidence: [
      `${incidents.length} incident(s); last ${last.date} (${last.name}), ${days} days ago: −${recency} (fades ` +
        `to 0 over ${FADE_DAYS} days)`,
      `USD lost ${Math.round(lost)}, returned ${Math.round(returned)}: −${size} (10 per ×10 of net loss above ` +
        `$1M, at most 30)`,
    ],
    last_incident: { date: last.date, days_since: days, lost_usd: lost, returned_usd: returned },
  };
}

// Weighted total over the known factors (weights renormalised when liquidity is unknown), and its grade.
export function total(factors: readonly Factor[]): { score: number; grade: 'A' | 'B' | 'C' | 'D' } {
  const known = factors.filter((f) => f.value !== null);
  const weight = known.reduce((s, f) => s + f.weight, 0);
  const score = Math.round(known.reduce((s, f) => s + f.weight * (f.value as number), 0) / weight);
  return { score, grade: score >= 80 ? 'A' : score >= 65 ? 'B' : score >= 50 ? 'C' : 'D' };
}
