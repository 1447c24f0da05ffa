import type { RunningGroup } from '@toll/platform';
import { late, type NatsServer, scratchDatabase, startNats } from '@toll/testing';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGateway, type RunningGateway } from '../../apps/gateway/src/bootstrap';

// Every group app on disk (apps/*/src/bootstrap.ts exporting start<Name>) behind one gateway, read back from the
// live /openapi.json: suites that must cover each route the day it ships enumerate operations from here.
const APPS = join(__dirname, '../../apps');
export const groupsOnDisk = () =>
  readdirSync(APPS).filter(
    (a) =>
      a !== 'gateway' &&
      existsSync(join(APPS, a, 'src/bootstrap.ts')) &&
      JSON.parse(readFileSync(join(APPS, a, 'package.json'), 'utf8')).nx?.tags?.includes('type:app'),
  );

// The registry's spec paths (§4.1) are granted as in every deployment (compose, k8s, npm start).
export const GRANTS = 'registry:/api/listings,registry:/registry.json,registry:/api/submit,registry:/api/questionnaire';

export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  [key: string]: unknown;
};

export interface Operation {
  method: 'GET' | 'POST';
  path: string;
  operationId: string;
  params: Array<{ name: string; in: 'path' | 'query'; required: boolean; schema: Schema }>;
  body?: Schema;
  price: { usd: string; per: string; requests?: number } | null;
  tags: string[];
}

export interface LiveCatalog {
  nats: NatsServer;
  gateway: RunningGateway;
  groups: string[];
  operations: Operation[];
  openapi: any;
  stop(): Promise<void>;
}

export async function startLiveCatalog(): Promise<LiveCatalog> {
  const nats = await startNats();
  const groups = groupsOnDisk();
  const running: RunningGroup[] = [];
  const databases: Array<{ drop(): Promise<void> }> = [];
  // Replay mode with no recordings: any upstream call fails at once instead of reaching the internet.
  const noRecordings = mkdtempSync(join(tmpdir(), 'no-fixtures-'));
  for (const app of groups) {
    const db = scratchDatabase('toll_payments_e2e');
    databases.push(db);
    const mod = (await import(join(APPS, app, 'src/bootstrap'))) as Record<
      string,
      (env: Record<string, string>) => Promise<RunningGroup>
    >;
    const start = Object.entries(mod).find(([name, fn]) => name.startsWith('start') && typeof fn === 'function')![1];
    running.push(
      await start({
        DISCOVERY_PATH_GRANTS: GRANTS,
        REGISTRY_PROBE_ENABLED: 'false',
        NATS_URL: nats.url,
        LOG_LEVEL: 'error',
        NATS_GRACE_PERIOD_MS: '50',
        DATABASE_URL: db.url,
        UPSTREAM_REPLAY_DIRS: noRecordings,
        SOLANA_RPC_URLS: 'http://127.0.0.1:9',
      }),
    );
  }
  const gateway = await startGateway({
    NATS_URL: nats.url,
    PORT: '0',
    LOG_LEVEL: 'error',
    GATEWAY_PATH_GRANTS: GRANTS,
  });
  let openapi: any;
  for (let i = 0; i < 100; i++) {
    openapi = await (await fetch(`${gateway.url}/openapi.json`)).json();
    if (
      groups.every((g) =>
        Object.keys(openapi.paths).some((p) => p.startsWith(`/toll/${g}/`) || p.startsWith(`/api/${g}`)),
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const operations: Operation[] = Object.entries(openapi.paths as Record<string, Record<string, any>>).flatMap(
    ([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase() as 'GET' | 'POST',
        path,
        operationId: op.operationId,
        params: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
        price: op['x-toll-price'] ?? null,
        tags: op.tags ?? [],
      })),
  );
  return {
    nats,
    gateway,
    groups,
    operations,
    openapi,
    stop: async () => {
      await gateway.close();
      for (const g of running) await g.close();
      await nats.stop();
      for (const db of databases) await db.drop();
    },
  };
}

// The live catalog for one describe block, started in beforeAll and stopped in afterAll.
export function liveCatalogHarness(): LiveCatalog {
  let live: LiveCatalog | undefined;
  beforeAll(async () => {
    live = await startLiveCatalog();
  }, 120_000);
  afterAll(() => live?.stop());
  return late('live catalog', () => live);
}
