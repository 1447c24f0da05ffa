import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import { APP_CONFIG } from '@toll/platform';
import type { Request } from 'express';
import type { GatewayConfig } from './config';
import { DiscoveryList, discoveryQueryOf } from './discovery-list';
import { publicBaseUrl } from './public-url';

// Where crawlers and facilitators find every paid route without scraping.
@Controller()
export class DiscoveryController {
  constructor(
    private readonly list: DiscoveryList,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
  ) {}

  // The x402 Bazaar list, paginated by limit/offset and filtered like a facilitator's (type, payTo, scheme, network,
  // extensions).
  @Get('discovery/resources')
  resources(@Req() req: Request, @Query() query: Record<string, unknown>) {
    return this.list.list(discoveryQueryOf(query), publicBaseUrl(this.config, req));
  }

  // The x402 discovery document that x402 scanners read from an origin: the payable URLs and where to learn more.
  @Get('.well-known/x402')
  async wellKnown(@Req() req: Request) {
    const base = publicBaseUrl(this.config, req);
    const all = await this.list.list({ type: 'http', limit: Number.MAX_SAFE_INTEGER, offset: 0 }, base);
    return {
      version: 1,
      resources: all.items.map((i) => i.resource),
      instructions:
        `Every paid resource with its x402 payment requirements and input/output schemas: ` +
        `${base}/discovery/resources (x402 Bazaar shape). For language models: ${base}/llms.txt. MCP: ${base}/mcp.`,
    };
  }
}
