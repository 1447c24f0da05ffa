import { Module } from '@nestjs/common';
import { SecController } from './sec.controller';
import { SecService } from './sec.service';
import { SecEdgar, secEdgarFromSettings } from '@toll/markets';
import { APP_CONFIG, Clock, JsonLogger } from '@toll/platform';
import { SecProbes } from './probes';

@Module({
  controllers: [SecController],
  providers: [
    SecService,
    SecProbes,
    // The one SEC client (@toll/markets), behind the governor every SEC caller shares.
    { provide: SecEdgar, inject: [APP_CONFIG, JsonLogger, Clock], useFactory: secEdgarFromSettings },
    Clock,
  ],
})
export class AppModule {}
