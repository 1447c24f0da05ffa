import { Controller, Get, Header, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CONTRACT_VERSION, SERVED_CONTRACTS } from '@toll/contracts';
import { APP_CONFIG } from '@toll/platform';
import type { Request, Response } from 'express';
import { CatalogCache } from './catalog-cache';
import { CatalogListener } from './catalog.listener';
import type { GatewayConfig } from './config';
import { page, renderDocs, renderTryIt, escape } from './docs';
import { buildIndex, buildLlmsTxt } from './entry';
import { buildOpenApi } from './openapi';
import { publicBaseUrl } from './public-url';
import { TryItService } from './try-it.service';

const READY_AFTER_MS = 5_000;

@Controller()
export class DocsController {
  constructor(
    private readonly catalog: CatalogListener,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    private readonly tryIt: TryItService,
    private readonly cache: CatalogCache,
  ) {}

  @Get()
  index(@Req() req: Request, @Res() res: Response) {
    const base = publicBaseUrl(this.config, req);
    this.cache.send(res, `index ${base}`, JSON_TYPE, () =>
      JSON.stringify(buildIndex(this.catalog.table.routes(), this.catalog.table.groups(), base)),
    );
  }

  @Get('llms.txt')
  llms(@Req() req: Request, @Res() res: Response) {
    const base = publicBaseUrl(this.config, req);
    this.cache.send(res, `llms ${base}`, 'text/plain; charset=utf-8', () =>
      buildLlmsTxt(this.catalog.table.routes(), this.catalog.table.groups(), base),
    );
  }

  @Get('openapi.json')
  openapi(@Req() req: Request, @Res() res: Response) {
    const server = `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    this.cache.send(res, `openapi ${server}`, JSON_TYPE, () =>
      JSON.stringify(buildOpenApi(this.catalog.table.routes(), server)),
    );
  }

  @Get('docs')
  @Header('content-type', 'text/html; charset=utf-8')
  docs(@Req() req: Request, @Query('q') q: unknown, @Query('group') group: unknown) {
    const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 200) : undefined);
    return renderDocs(this.catalog.table.routes(), this.catalog.table.groups(), publicBaseUrl(this.config, req), {
      q: text(q),
      group: text(group),
    });
  }

  // A GET operation's form submits here by GET (bookmarkable, no script needed); `run` marks a submitted form.
  @Get('docs/op/:operationId')
  async tryGet(@Param('operationId') operationId: string, @Req() req: Request, @Res() res: Response) {
    const route = this.routeOf(operationId, res);
    if (!route) return;
    const base = publicBaseUrl(this.config, req);
    if (route.method !== 'GET' || req.query.run === undefined) return html(res, 200, renderTryIt(route, base));
    const { status, result } = await this.tryIt.run(
      route,
      req.query as Record<string, unknown>,
      req,
      res.locals.requestId as string,
      base,
    );
    html(res, status, renderTryIt(route, base, result));
  }

  @Post('docs/op/:operationId')
  async tryPost(@Param('operationId') operationId: string, @Req() req: Request, @Res() res: Response) {
    const route = this.routeOf(operationId, res);
    if (!route) return;
    const base = publicBaseUrl(this.config, req);
    if (route.method !== 'POST') return html(res, 405, renderTryIt(route, base));
    const form = typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};
    const { status, result } = await this.tryIt.run(route, form, req, res.locals.requestId as string, base);
    html(res, status, renderTryIt(route, base, result));
  }

  private routeOf(operationId: string, res: Response) {
    const route = this.catalog.table.routes().find((r) => r.operationId === operationId);
    if (!route)
      html(
        res,
        404,
        page(
          'Not found · Toll API',
          `<h1>No operation ${escape(operationId)}</h1><p><a href="/docs">All operations</a></p>`,
        ),
      );
    return route;
  }

  // Alive whatever the groups do; `degraded` names the groups refused for their contract version.
  @Get('healthz')
  live() {
    const refusedGroups = this.catalog.refusedGroups();
    return {
      status: refusedGroups.length ? 'degraded' : 'ok',
      contract: CONTRACT_VERSION,
      served_contracts: SERVED_CONTRACTS,
      groups: this.catalog.groupContracts(),
      refused_groups: refusedGroups.map(({ group, contract, problem, since }) => ({ group, contract, problem, since })),
    };
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

const JSON_TYPE = 'application/json; charset=utf-8';

const html = (res: Response, status: number, body: string) =>
  res.status(status).type('text/html; charset=utf-8').send(body);
