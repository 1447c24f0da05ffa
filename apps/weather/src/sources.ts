import type { SourceId } from './weather.model';

// Who each provider is, what it is used for, and the licence terms callers and operators must honour.
export const SOURCES: Record<
  SourceId,
  { role: string; terms: string; attribution: { text: string; url: string; license: string } }
> = {
  'open-meteo': {
    role: 'primary: current conditions and daily forecast',
    terms:
      'The keyless API is for non-commercial use only (600/min, 5,000/h, 10,000/day); commercial use needs a paid ' +
      'API key (customer-api.open-meteo.com) or a self-hosted Open-Meteo (AGPLv3)',
    attribution: { text: 'Weather data by Open-Meteo.com', url: 'https://open-meteo.com/', license: 'CC BY 4.0' },
  },
  'met-norway': {
    role: 'fallback: current conditions and daily forecast (about 9 days)',
    terms:
      'Keyless, commercial use allowed with credit; identifying User-Agent required; at most 20 requests/s per ' +
      'application',
    attribution: { text: 'Weather data from MET Norway', url: 'https://api.met.no/', license: 'CC BY 4.0 / NLOD' },
  },
  nws: {
    role: 'alerts: active alerts for US points',
    terms: 'Keyless; User-Agent with contact required; US points only',
    attribution: {
      text: 'Alerts from the U.S. National Weather Service',
      url: 'https://www.weather.gov/',
      license: 'Public domain (US Government work)',
    },
  },
};
