import { Controller, Get, Header, Req, Res } from '@nestjs/common';
import { CONTRACT_VERSION, SERVED_CONTRACTS } from '@toll/contracts';
import type { Request, Response } from 'express';
import { CatalogListener } from './catalog.listener';
import { renderDocs } from './docs';
import { buildOpenApi } from './openapi';

const READY_AFTER_MS = 5_000;

@Controller()
export class DocsController {
  constructor(private readonly catalog: CatalogListener) {}

  @Get('openapi.json')
  openapi(@Req() req: Request) {
    return buildOpenApi(this.catalog.table.routes(), `${req.protocol}://${req.get('host') ?? 'localhost'}`);
  }

  @Get('docs')
  @Header('content-type', 'text/html; charset=utf-8')
  docs() {
    return renderDocs(this.catalog.table.routes());
  }

  // Alive whatever the groups do; `degraded` names the groups refused for their contract version.
  @Get('healthz')
  live() {
    const refusedGroups = this.catalog.refusedGroups();
    return { status: refusedGroups.length ? 'degraded' : 'ok', contract: CONTRACT_VERSION, servedContracts: SERVED_CONTRACTS, groups: this.catalog.groupContracts(), refusedGroups };
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
