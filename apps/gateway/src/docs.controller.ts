import { Controller, Get, Header, Inject, Req, Res } from '@nestjs/common';
import { APP_CONFIG } from '@toll/platform';
import type { Request, Response } from 'express';
import { CatalogListener } from './catalog.listener';
import type { GatewayConfig } from './config';
import { renderDocs } from './docs';
import { buildIndex, buildLlmsTxt } from './entry';
import { buildOpenApi } from './openapi';
import { publicBaseUrl } from './public-url';

const READY_AFTER_MS = 5_000;

@Controller()
export class DocsController {
  constructor(
    private readonly catalog: CatalogListener,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get()
  index(@Req() req: Request) {
    return buildIndex(this.catalog.table.routes(), this.catalog.table.groups(), publicBaseUrl(this.config, req));
  }

  @Get('llms.txt')
  @Header('content-type', 'text/plain; charset=utf-8')
  llms(@Req() req: Request) {
    return buildLlmsTxt(this.catalog.table.routes(), this.catalog.table.groups(), publicBaseUrl(this.config, req));
  }

  @Get('openapi.json')
  openapi(@Req() req: Request) {
    return buildOpenApi(this.catalog.table.routes(), `${req.protocol}://${req.get('host') ?? 'localhost'}`);
  }

  @Get('docs')
  @Header('content-type', 'text/html; charset=utf-8')
  docs() {
    return renderDocs(this.catalog.table.routes());
  }

  @Get('healthz')
  live() {
    return { status: 'ok' };
  }

  // Ready once some group has announced, or after a grace period (an empty catalog is then the truth).
  @Get('readyz')
  ready(@Res({ passthrough: true }) res: Response) {
    const routes = this.catalog.table.size;
    const ready = routes > 0 || Date.now() - this.catalog.startedAt > READY_AFTER_MS;
    res.status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'starting', routes };
  }
}
