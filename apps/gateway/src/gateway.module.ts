import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { APP_CONFIG, JsonLogger, NATS_CONNECTION, NatsBus, TELEMETRY, parsePathGrants } from '@toll/platform';
import type { Telemetry } from '@toll/telemetry';
import type { NatsConnection } from 'nats';
import { BalanceLeases } from './balance-leases';
import { BlockLeases } from './block-leases';
import { CatalogCache } from './catalog-cache';
import { CatalogListener } from './catalog.listener';
import type { GatewayConfig } from './config';
import { DiscoveryController } from './discovery.controller';
import { DiscoveryList } from './discovery-list';
import { DocsController } from './docs.controller';
import { HttpErrorFilter } from './http-error.filter';
import { McpController } from './mcp.controller';
import { McpService } from './mcp.service';
import { PaymentsClient } from './payments.client';
import { RouteTable } from './route-table';
import { TollController, TollPrefixController } from './toll.controller';
import { TollService } from './toll.service';
import { TryItService } from './try-it.service';

@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig, logger: JsonLogger, nats: NatsConnection, telemetry: Telemetry): DynamicModule {
    return {
      module: GatewayModule,
      // TollPrefixController (/toll/*) is first, for speed; TollController is last: its catch-all (root paths groups
      // are granted, and every 404) must not shadow the docs and health routes.
      controllers: [TollPrefixController, DocsController, DiscoveryController, McpController, TollController],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: JsonLogger, useValue: logger },
        { provide: NATS_CONNECTION, useValue: nats },
        { provide: TELEMETRY, useValue: telemetry },
        { provide: NatsBus, useValue: new NatsBus(nats) },
        {
          provide: RouteTable,
          useValue: new RouteTable(config.GATEWAY_ROUTE_TTL_MS, parsePathGrants(config.GATEWAY_PATH_GRANTS)),
        },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
        CatalogListener,
        CatalogCache,
        PaymentsClient,
        BalanceLeases,
        BlockLeases,
        TollService,
        McpService,
        DiscoveryList,
        TryItService,
      ],
    };
  }
}
