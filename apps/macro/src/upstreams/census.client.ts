// US Census Bureau geocoder, geographies by point or one-line address (docs/upstreams.md §14d):
// https://geocoding.geo.census.gov/geocoder/Geocoding_Services_API.html — keyless, fair use, public domain.
// We ask for the current benchmark and vintage, so district layers follow the sitting Congress.
// Odd shapes: layer names carry the vintage ("119th Congressional Districts"), so the district layer is
// found by suffix and its district field (CD119) by the same number; every code is a zero-padded string;
// "00" is an at-large district and "98" a non-voting delegate's (DC, territories); a point outside the US
// answers 200 with empty layers, an unknown address 200 with no addressMatches.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { MacroConfig } from '../config';

const Area = z.record(z.string(), z.unknown());
const Geographies = z.record(z.string(), z.array(Area));
const ByPoint = z.object({ result: z.object({ geographies: Geographies }) });
const ByAddress = z.object({
  result: z.object({
    addressMatches: z.array(
      z.object({
        matchedAddress: z.string(),
        coordinates: z.object({ x: z.number(), y: z.number() }),
        geographies: Geographies,
      }),
    ),
  }),
});

export interface Place {
  matchedAddress: string | null;
  point: { lat: number; lon: number };
  state: { code: string; name: string; fips: string } | null;
  county: { name: string; fips: string } | null;
  district: { congress: number; code: string } | null; // code as Census writes it: "11", "00", "98"
}

const text = (area: Record<string, unknown> | undefined, field: string) =>
  typeof area?.[field] === 'string' ? (area[field] as string) : null;

export function readPlace(
  geographies: z.infer<typeof Geographies>,
  point: Place['point'],
  matchedAddress: string | null,
): Place {
  const state = geographies['States']?.[0];
  const county = geographies['Counties']?.[0];
  const layer = Object.keys(geographies).find((k) => /^\d+(st|nd|rd|th) Congressional Districts$/.test(k));
  const congress = layer ? Number.parseInt(layer, 10) : null;
  const district = layer ? geographies[layer][0] : undefined;
  const code = district ? (text(district, `CD${congress}`) ?? text(district, 'BASENAME')) : null;
  return {
    matchedAddress,
    point,
    state:
      state && text(state, 'STUSAB')
        ? { code: text(state, 'STUSAB')!, name: text(state, 'NAME') ?? '', fips: text(state, 'STATE') ?? '' }
        : null,
    county: county ? { name: text(county, 'NAME') ?? '', fips: text(county, 'GEOID') ?? '' } : null,
    district: congress && code ? { congress, code } : null,
  };
}

const COMMON = { benchmark: 'Public_AR_Current', vintage: 'Current_Current', format: 'json' };

@Injectable()
export class CensusClient {
  readonly name = 'census-geocoder';
  private readonly api: Upstream;

  constructor(@Inject(APP_CONFIG) config: MacroConfig, @Inject(JsonLogger) logger: JsonLogger) {
    this.api = createUpstream({
      name: this.name,
      baseUrls: [config.MACRO_CENSUS_BASE_URL],
      timeoutMs: config.MACRO_CENSUS_TIMEOUT_MS,
      userAgent: config.MACRO_USER_AGENT,
      governor: { ratePerSecond: 5, burst: 5 }, // fair use, unpublished: stay polite
      log: upstreamLog(logger),
    });
  }

  async byPoint(lat: number, lon: number, deadline: number): Promise<Place> {
    const body = await this.api.getJson('/geocoder/geographies/coordinates', { x: lon, y: lat, ...COMMON }, ByPoint, {
      deadline,
    });
    return readPlace(body.result.geographies, { lat, lon }, null);
  }

  // null when the geocoder matches no address.
  async byAddress(address: string, deadline: number): Promise<Place | null> {
    const body = await this.api.getJson('/geocoder/geographies/onelineaddress', { address, ...COMMON }, ByAddress, {
      deadline,
    });
    const match = body.result.addressMatches[0];
    return match
      ? readPlace(match.geographies, { lat: match.coordinates.y, lon: match.coordinates.x }, match.matchedAddress)
      : null;
  }
}
