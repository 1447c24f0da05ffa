import { Module } from '@nestjs/common';
import { MacroController } from './macro.controller';
import { MacroService } from './macro.service';
import { CensusClient } from './upstreams/census.client';
import { FredClient, FredgraphClient } from './upstreams/fred.client';
import { LegislatorsClient } from './upstreams/legislators.client';
import { Clock } from '@toll/platform';
import { MacroProbes } from './probes';

@Module({
  controllers: [MacroController],
  providers: [MacroService, MacroProbes, FredClient, FredgraphClient, CensusClient, LegislatorsClient, Clock],
})
export class AppModule {}
