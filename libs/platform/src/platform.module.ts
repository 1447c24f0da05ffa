import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, DiscoveryModule } from '@nestjs/core';
import type { Telemetry } from '@toll/telemetry';
import type { NatsConnection } from 'nats';
import { CatalogService } from './catalog.service';
import { ContractRefusals } from './contract';
import { ErrorFilter } from './error.filter';
import { GroupHealth, HealthController } from './health';
import { JsonLogger } from './logger';
import { NATS_CONNECTION } from './nats';
import { SourceProbes } from './source-probes';
import { MetricsController, PlatformMetrics } from './metrics';
import { APP_CONFIG, GROUP_INFO, TELEMETRY, type GroupInfo } from './tokens';

export interface PlatformOptions {
  group: GroupInfo;
  config: unknown;
  logger: JsonLogger;
  nats: NatsConnection;
  telemetry: Telemetry;
}

// The Nest glue every group shares: config, logger, NATS, catalog, health, /metrics and the HTTP error filter.
@Global()
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformOptions): DynamicModule {
    return {
      module: PlatformModule,
      imports: [DiscoveryModule],
      controllers: [HealthController, MetricsController],
      providers: [
        { provide: APP_CONFIG, useValue: options.config },
        { provide: GROUP_INFO, useValue: options.group },
        { provide: JsonLogger, useValue: options.logger },
        { provide: NATS_CONNECTION, useValue: options.nats },
        { provide: TELEMETRY, useValue: options.telemetry },
        PlatformMetrics,
        { provide: APP_FILTER, useClass: ErrorFilter },
        CatalogService,
        ContractRefusals,
        GroupHealth,
        SourceProbes,
      ],
      exports: [
        APP_CONFIG,
        GROUP_INFO,
        JsonLogger,
        NATS_CONNECTION,
        TELEMETRY,
        CatalogService,
        ContractRefusals,
        GroupHealth,
        SourceProbes,
      ],
    };
  }
}
