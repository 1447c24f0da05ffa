import { Module } from '@nestjs/common';
import { APP_CONFIG } from '@toll/platform';
import { ChallengeService } from './challenge.service';
import type { PaymentsConfig } from './config';
import { PaymentsController } from './payments.controller';
import { SolPriceService } from './sol-price.service';
import { PAYMENT_TERMS, resolveTerms } from './terms';

@Module({
  controllers: [PaymentsController],
  providers: [
    { provide: PAYMENT_TERMS, inject: [APP_CONFIG], useFactory: (config: PaymentsConfig) => resolveTerms(config) },
    ChallengeService,
    SolPriceService,
  ],
})
export class AppModule {}
