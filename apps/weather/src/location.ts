import tzlookup from '@photostructure/tz-lookup';
import type { Point } from './weather.model';

// Coordinates are rounded to 2 decimals (about 1.1 km) before any upstream call, so the cache key and
// the upstream query name the same point; weather models do not resolve finer than that anyway.
export const PRECISION_DEG = 0.01;
const DECIMALS = 2;

export const roundPoint = ({ lat, lon }: { lat: number; lon: number }): Point => ({
  latitude: round(lat),
  longitude: round(lon),
});
export const pointKey = (p: Point) => `${p.latitude.toFixed(DECIMALS)},${p.longitude.toFixed(DECIMALS)}`;

function round(value: number): number {
  const r = Math.round(value * 10 ** DECIMALS) / 10 ** DECIMALS;
  return r === 0 ? 0 : r; // no "-0"
}

// IANA zone of a point from an offline boundary raster (tz-lookup); open ocean gives an Etc/GMT zone.
export const timezoneOf = (p: Point): string => tzlookup(p.latitude, p.longitude);

// NWS serves the 50 states, their coastal waters and the territories. A point counts as US when its
// time zone is a US one, which follows the national borders; tz-lookup files Tutuila (American Samoa)
// under Samoa's Pacific/Apia, so that box is added by hand.
const US_ZONES = new Set([
  'America/New_York',
  'America/Detroit',
  'America/Kentucky/Louisville',
  'America/Kentucky/Monticello',
  'America/Indiana/Indianapolis',
  'America/Indiana/Vincennes',
  'America/Indiana/Winamac',
  'America/Indiana/Marengo',
  'America/Indiana/Petersburg',
  'America/Indiana/Vevay',
  'America/Indiana/Tell_City',
  'America/Indiana/Knox',
  'America/Chicago',
  'America/Menominee',
  'America/North_Dakota/Center',
  'America/North_Dakota/New_Salem',
  'America/North_Dakota/Beulah',
  'America/Denver',
  'America/Boise',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'America/Juneau',
  'America/Sitka',
  'America/Metlakatla',
  'America/Yakutat',
  'America/Nome',
  'America/Adak',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
  'America/St_Thomas',
  'Pacific/Guam',
  'Pacific/Saipan',
  'Pacific/Pago_Pago',
  'Pacific/Midway',
  'Pacific/Wake',
]);
const AMERICAN_SAMOA = { south: -14.7, north: -14.1, west: -171.2, east: -168.0 };

export function isUsPoint(p: Point, zone: string): boolean {
  if (US_ZONES.has(zone)) return true;
  const b = AMERICAN_SAMOA;
  return p.latitude >= b.south && p.latitude <= b.north && p.longitude >= b.west && p.longitude <= b.east;
}
