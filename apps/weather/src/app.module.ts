import { Module } from '@nestjs/common';
import { MetNorwayClient } from './upstreams/met-norway.client';
import { NwsClient } from './upstreams/nws.client';
import { OpenMeteoClient } from './upstreams/open-meteo.client';
import { WeatherController } from './weather.controller';
import { WeatherService } from './weather.service';
import { Clock } from '@toll/platform';
import { WeatherProbes } from './probes';

@Module({
  controllers: [WeatherController],
  providers: [WeatherService, WeatherProbes, OpenMeteoClient, MetNorwayClient, NwsClient, Clock],
})
export class AppModule {}
