import { TollError } from '@toll/contracts';

export type VenueId = 'binance' | 'bybit' | 'okx';

// One venue's reading of one market, before normalisation.
export interface VenueReading {
  venue: VenueId;
  venueSymbol: string;
  rate: string;
  intervalHours: number;
  intervalSource: string;
  nextFundingTime: number; // epoch ms
  predictedNext: string | null;
  markPrice: string | null;
  via?: string; // set when the rate came from Hyperliquid's mirror because the venue itself failed
}

// One row of a venue's all-markets listing, for top-funded.
export interface VenueListing {
  venue: VenueId;
  venueSymbol: string;
  base: string;
  rate: string;
  intervalHours: number;
  nextFundingTime: number;
  volume24hUsd: string;
}

export interface FundingVenue {
  readonly id: VenueId;
  readonly enabled: boolean;
  readonly baseUrl: string;
  // null: the venue answered that it lists no such market.
  reading(venueSymbol: string, deadline: number): Promise<VenueReading | null>;
  listing(deadline: number): Promise<VenueListing[]>;
}

// Terms each venue publishes for its public market data (docs/upstreams.md §7).
export const VENUE_TERMS: Record<VenueId, string> = {
  binance:
    'Public USDⓈ-M futures market data, keyless; 2,400 request weight/min per IP; answers HTTP 451 from ' +
    'restricted locations (the US among them)',
  bybit:
    'Public v5 market data, keyless; about 600 requests per 5 s per IP; answers HTTP 403 from restricted ' +
    'locations (the US among them)',
  okx:
    'Public v5 market data, keyless; funding-rate 10 requests per 2 s per IP per instrument; liquidation-orders ' +
    'serves recent hours only',
};

export type FailureStatus = 'geo_blocked' | 'down' | 'timeout' | 'not_listed' | 'disabled';

// How a venue's failure reads to the caller: 451 and 403 are the venues' geo-blocks, not outages.
export function describeFailure(
  venue: VenueId,
  error: unknown,
): { venue: VenueId; status: FailureStatus; reason: string; http_status: number | null } {
  if (!(error instanceof TollError)) throw error;
  const status = typeof error.details?.status === 'number' ? error.details.status : null;
  if (status === 451 || status === 403) {
    return {
      venue,
      status: 'geo_blocked',
      reason: `${venue} refused this server's location (HTTP ${status}): it blocks some regions, the US among them`,
      http_status: status,
    };
  }
  if (error.code === 'UPSTREAM_TIMEOUT') return { venue, status: 'timeout', reason: error.message, http_status: null };
  return { venue, status: 'down', reason: error.message, http_status: status };
}

export const msToIso = (ms: number) => new Date(ms).toISOString();
