import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SourceProbes } from '@toll/platform';
import { httpProbe } from '@toll/upstream';
import type { WeatherConfig } from './config';
import { MetNorwayClient } from './upstreams/met-norway.client';
import { NwsClient } from './upstreams/nws.client';
import { OpenMeteoClient } from './upstreams/open-meteo.client';

// The providers the routes' `sources` name, probed in the background at their API roots.
@Injectable()
export class WeatherProbes {
  constructor(probes: SourceProbes, @Inject(APP_CONFIG) config: WeatherConfig, openMeteo: OpenMeteoClient, metNorway: MetNorwayClient, nws: NwsClient) {
    const probe = (name: string, url: string) => httpProbe({ name, url, userAgent: config.WEATHER_USER_AGENT });
    probes.register('open-meteo', openMeteo.enabled ? probe('open-meteo', openMeteo.baseUrl) : null);
    probes.register('met-norway', metNorway.enabled ? probe('met-norway', metNorway.baseUrl) : null);
    probes.register('nws', probe('nws', nws.baseUrl));
  }
}
