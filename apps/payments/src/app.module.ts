import { Module } from '@nestjs/common';
import { APP_CONFIG, NATS_CONNECTION, NatsBus } from '@toll/platform';
import type { NatsConnection } from 'nats';
import { SolanaRpc } from '@toll/solana';
import { BalanceRepository } from './balance.repository';
import { BalanceService } from './balance.service';
import { BlockLeaseRepository } from './block-lease.repository';
import { BlockLeaseService } from './block-lease.service';
import { ChallengeService } from './challenge.service';
import type { PaymentsConfig } from './config';
import { FACILITATOR, createFacilitator } from './facilitator';
import { LeaseRepository } from './lease.repository';
import { LeaseService } from './lease.service';
import { LedgerRepository } from './ledger.repository';
import { PaidCallService } from './paid-call.service';
import { PaymentsController } from './payments.controller';
import { PrismaService } from './prisma.service';
import { ProofCreditRepository } from './proof-credit.repository';
import { ProofCreditService } from './proof-credit.service';
import { ReplySeal } from './reply-seal';
import { SettlementService } from './settlement.service';
import { SolPriceService } from './sol-price.service';
import { PAYMENT_TERMS, resolveTerms, type PaymentTerms } from './terms';
import { VerifyService } from './verify.service';
import { ReceiptSigner, localReceiptSeed } from '@toll/x402';
import { paymentsMetrics } from './metrics';

@Module({
  controllers: [PaymentsController],
  providers: [
    { provide: PAYMENT_TERMS, inject: [APP_CONFIG], useFactory: (config: PaymentsConfig) => resolveTerms(config) },
    {
      provide: SolanaRpc,
      inject: [APP_CONFIG],
      useFactory: (c: PaymentsConfig) =>
        new SolanaRpc({ urls: c.SOLANA_RPC_URLS.split(','), timeoutMs: c.SOLANA_RPC_TIMEOUT_MS }),
    },
    {
      provide: FACILITATOR,
      inject: [APP_CONFIG, PAYMENT_TERMS],
      useFactory: (c: PaymentsConfig, t: PaymentTerms) => createFacilitator(c, t),
    },
    {
      provide: ReceiptSigner,
      inject: [APP_CONFIG],
      useFactory: (c: PaymentsConfig) =>
        new ReceiptSigner(
          c.PAYMENTS_RECEIPT_SECRET ? Buffer.from(c.PAYMENTS_RECEIPT_SECRET, 'hex') : localReceiptSeed(),
          () => paymentsMetrics()?.receiptSign.startTimer(),
        ),
    },
    { provide: ReplySeal, inject: [PAYMENT_TERMS], useFactory: (t: PaymentTerms) => new ReplySeal(t.memoSecret) },
    // payments.call forwards paid calls to their groups.
    { provide: NatsBus, inject: [NATS_CONNECTION], useFactory: (nats: NatsConnection) => new NatsBus(nats) },
    PrismaService,
    LedgerRepository,
    BalanceRepository,
    LeaseRepository,
    LeaseService,
    BlockLeaseRepository,
    BlockLeaseService,
    BalanceService,
    ChallengeService,
    SolPriceService,
    VerifyService,
    SettlementService,
    PaidCallService,
    ProofCreditRepository,
    ProofCreditService,
  ],
})
export class AppModule {}
