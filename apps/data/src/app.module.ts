import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from './clock';
import { DataController } from './data.controller';
import { DataService } from './data.service';
import { CoingeckoClient } from './upstreams/coingecko.client';
import { DefillamaClient } from './upstreams/defillama.client';
import { FredClient } from './upstreams/fred.client';
import { FredgraphClient } from './upstreams/fredgraph.client';
import { JitoClient } from './upstreams/jito.client';
import { MarinadeClient } from './upstreams/marinade.client';
import { NasdaqClient } from './upstreams/nasdaq.client';
import { PolygonClient } from './upstreams/polygon.client';
import { PythClient } from './upstreams/pyth.client';
import { DataProbes } from './probes';

@Module({
  controllers: [DataController],
  providers: [
    DataService,
    DataProbes,
    { provide: CLOCK, useValue: systemClock },
    CoingeckoClient,
    PythClient,
    NasdaqClient,
    PolygonClient,
    FredClient,
    FredgraphClient,
    DefillamaClient,
    JitoClient,
    MarinadeClient,
  ],
})
export class AppModule {}
