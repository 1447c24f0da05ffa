import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SourceProbes } from '@toll/platform';
import type { WeatherConfig } from './config';
import { MetNorwayClient } from './upstreams/met-norway.client';
import { NwsClient } from './upstreams/nws.client';
import { OpenMeteoClient } from './upstreams/open-meteo.client';

// The providers the routes' `sources` name, probed in the background at their API roots.
@Injectable()
export class WeatherProbes {
  constructor(
    probes: SourceProbes,
    @Inject(APP_CONFIG) config: WeatherConfig,
    openMeteo: OpenMeteoClient,
    metNorway: MetNorwayClient,
    nws: NwsClient,
  ) {
    probes.registerHttp(config.WEATHER_USER_AGENT, [
      { name: 'open-meteo', url: openMeteo.baseUrl, enabled: openMeteo.enabled },
      { name: 'met-norway', url: metNorway.baseUrl, enabled: metNorway.enabled },
      { name: 'nws', url: nws.baseUrl },
    ]);
  }
}
