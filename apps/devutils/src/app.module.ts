import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from './clock';
import { DevutilsController } from './devutils.controller';
import { DevutilsService } from './devutils.service';
import { GeoService } from './geo.service';

@Module({
  controllers: [DevutilsController],
  providers: [DevutilsService, GeoService, { provide: CLOCK, useValue: systemClock }],
})
export class AppModule {}
