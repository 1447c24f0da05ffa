import { FREE, perCall, UsdAmount, type PriceSpec } from '@toll/contracts';

const DEFAULT_BUNDLE_USD = '0.05';

// Spec §4.1 conflicts on GET /api/data: "0.05" in the interface description, "no auth" on the descriptive
// page. We charge 0.05 per call by default; DATA_BUNDLE_PRICE_USD overrides it, and "0" or "free" makes it
// free. Route prices are fixed when the decorators run, so this reads the process environment at import;
// the config schema checks the same variable at start and refuses a bad value before any request is served.
export function bundlePrice(raw: string | undefined): PriceSpec | null {
  const value = (raw ?? DEFAULT_BUNDLE_USD).trim().toLowerCase();
  if (value === 'free' || /^0(\.0+)?$/.test(value)) return FREE;
  return UsdAmount.safeParse(value).success ? perCall(value) : perCall(DEFAULT_BUNDLE_USD);
}

export const PRICE_NOTE =
  'GET /api/data: spec §4.1 lists 0.05 USD in the interface description but "no auth" on the descriptive page; ' +
  'we charge 0.05 per call by default, DATA_BUNDLE_PRICE_USD overrides it ("0" or "free" makes it free).';

// Every data price on one screen.
export const PRICES = {
  getBundle: bundlePrice(process.env.DATA_BUNDLE_PRICE_USD),
  getSchema: FREE,
  getHealth: FREE,
} as const;
