import { memoPaymentInstructions, sendAndConfirm, type MemoChallenge } from '@toll/client';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { exportSpansTo } from '@toll/telemetry';
import { http } from '@toll/testing';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { faults } from './shop-group';
import { stackHarness } from './stack-harness';

// Debian's prometheus package ships both binaries; without them the Prometheus part is skipped, saying so loudly.
const PROMETHEUS = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';
const PROMTOOL = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';
const havePrometheus = existsSync(PROMETHEUS) && existsSync(PROMTOOL);
if (!havePrometheus)
  console.warn(
    `Prometheus tests SKIPPED: no ${PROMETHEUS} / ${PROMTOOL} (install them with: apt-get install -y ` +
      `--no-install-recommends prometheus)`,
  );
const RULES = join(__dirname, '..', '..', 'deploy', 'observability', 'alerts.yml');
const RULE_TESTS = join(__dirname, '..', '..', 'deploy', 'observability', 'alerts.test.yml');
const DASHBOARD = join(__dirname, '..', '..', 'deploy', 'observability', 'grafana-dashboard.json');

// The apps' spans, as their OTLP exporter would send them (service.name from each app's resource).
const exporter = new InMemorySpanExporter();

interface ExportedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  attributes: Record<string, unknown>;
}
const exported = (s: ReadableSpan): ExportedSpan => ({
  service: String(s.resource.attributes['service.name']),
  traceId: s.spanContext().traceId,
  spanId: s.spanContext().spanId,
  parentSpanId: s.parentSpanContext?.spanId ?? '',
  name: s.name,
  attributes: s.attributes,
});

// A Prometheus text exposition, one sample per line: `name{labels} value`.
const sample = (text: string, name: string, labels: Record<string, string>): number | undefined => {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const [, , body, value] = /^[^{ ]+(\{(.*)\})? (\S+)$/.exec(line) ?? [];
    const got = Object.fromEntries([...(body ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(value);
  }
  return undefined;
};

describe('metrics and traces of a paid call through gateway, payments and a group (real NATS, chain, Postgres)', () => {
  const otel = {
    OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '100',
  };
  const { stack, connection } = stackHarness({
    gatewayEnv: otel,
    appEnv: otel,
    setup: async () => (exportSpansTo(exporter), { close: () => exportSpansTo(undefined) }),
    ready: ['/toll/shop/health'],
  });

  // One paid call by the memo flow (USDC); returns the paid request's id.
  const paidCall = async (): Promise<string> => {
    const challenge = await http(`${stack.gw}/toll/shop/item`);
    expect(challenge.status).toBe(402);
    const c: MemoChallenge = challenge.body.toll;
    const signature = await sendAndConfirm(
      connection,
      stack.payer,
      memoPaymentInstructions(c, 'USDC', stack.payer.publicKey),
    );
    const ok = await http(`${stack.gw}/toll/shop/item?toll_memo=${encodeURIComponent(c.memo)}`, {
      headers: { 'x-payment-tx': signature },
    });
    expect(ok.status).toBe(200);
    return ok.headers.get('x-request-id')!;
  };
  const scrape = async (url: string) => (await http(url)).text;
  const targets = () => [
    stack.gateways[0].metricsUrl,
    `${stack.payments[0].healthUrl}/metrics`,
    `${stack.shop.healthUrl}/metrics`,
  ];

  it('each app shows the paid call in its own /metrics, with bounded labels; one trace links the three apps through NATS', async () => {
    const requestId = await paidCall();
    const [gateway, payments, shop] = await Promise.all(targets().map(scrape));

    expect(
      sample(gateway, 'toll_gateway_requests_total', {
        operation: 'shop.getItem',
        method: 'GET',
        status_class: '2xx',
        payment: 'paid',
      }),
    ).toBe(1);
    expect(
      sample(gateway, 'toll_gateway_requests_total', {
        operation: 'shop.getItem',
        method: 'GET',
        status_class: '4xx',
        payment: 'challenge',
      }),
    ).toBe(1);
    expect(
      sample(gateway, 'toll_gateway_request_duration_seconds_count', {
        operation: 'shop.getItem',
        status_class: '2xx',
        payment: 'paid',
      }),
    ).toBe(1);
    expect(sample(gateway, 'toll_gateway_requests_in_flight', {})).toBe(0);
    expect(sample(gateway, 'toll_nats_connected', { connection: 'gateway' })).toBe(1);
    expect(gateway).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    // An unknown path is one fixed label, whatever the caller sent.
    await http(`${stack.gw}/no/such/path-${Date.now()}`);
    expect(
      sample(await scrape(stack.gateways[0].metricsUrl), 'toll_gateway_requests_total', {
        operation: 'unmatched',
        status_class: '4xx',
        payment: 'none',
      }),
    ).toBe(1);

    // A free route, bad input on a paid route (refused before any payment step), and a paid call the group fails
    // after the proof was verified (the hold goes back): each ends under its own payment label.
    expect((await http(`${stack.gw}/toll/shop/item?colour=red`)).status).toBe(400);
    const c: MemoChallenge = (await http(`${stack.gw}/toll/shop/flaky`)).body.toll;
    const signature = await sendAndConfirm(
      connection,
      stack.payer,
      memoPaymentInstructions(c, 'USDC', stack.payer.publicKey),
    );
    faults.failNextFlaky = true;
    expect(
      (
        await http(`${stack.gw}/toll/shop/flaky?toll_memo=${encodeURIComponent(c.memo)}`, {
          headers: { 'x-payment-tx': signature },
        })
      ).status,
    ).toBe(502);
    const after = await scrape(stack.gateways[0].metricsUrl);
    expect(
      sample(after, 'toll_gateway_requests_total', {
        operation: 'shop.getHealth',
        status_class: '2xx',
        payment: 'free',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(after, 'toll_gateway_requests_total', {
        operation: 'shop.getItem',
        status_class: '4xx',
        payment: 'refused_before_payment',
      }),
    ).toBe(1);
    expect(
      sample(after, 'toll_gateway_requests_total', {
        operation: 'shop.getFlaky',
        status_class: '5xx',
        payment: 'released',
      }),
    ).toBe(1);
    expect(sample(await scrape(targets()[1]), 'toll_payments_releases_total', { reason: 'UPSTREAM_ERROR' })).toBe(1);
    expect(
      sample(await scrape(targets()[2]), 'toll_handler_errors_total', {
        operation: 'shop.getFlaky',
        code: 'UPSTREAM_ERROR',
      }),
    ).toBe(1);

    expect(sample(payments, 'toll_payments_verifications_total', { flow: 'memo', result: 'ok' })).toBe(1);
    expect(sample(payments, 'toll_payments_settles_total', { flow: 'memo', result: 'ok' })).toBe(1);
    expect(sample(payments, 'toll_payments_settled_atomic_total', { asset: 'USDC', operation: 'shop.getItem' })).toBe(
      10_000,
    ); // $0.01
    expect(sample(payments, 'toll_payments_receipt_sign_duration_seconds_count', {})).toBe(1);
    expect(sample(payments, 'toll_handler_duration_seconds_count', { operation: 'payments.call', code: 'ok' })).toBe(1);
    expect(
      sample(payments, 'toll_chain_rpc_duration_seconds_count', { method: 'getTransaction', outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(payments, 'toll_db_statement_duration_seconds_count', { statement: 'ledger_settle_held', outcome: 'ok' }),
    ).toBe(1);
    // Prepaid money held for payers, read from the ledger at scrape time: a balance and a call in flight written there.
    expect([
      sample(payments, 'toll_payments_balance_atomic', { state: 'available' }),
      sample(payments, 'toll_payments_balance_atomic', { state: 'held' }),
    ]).toEqual([0, 0]);
    const ledger = new Client({ connectionString: stack.paymentsDatabaseUrl });
    await ledger.connect();
    await ledger.query(`INSERT INTO balances (wallet, available_atomic) VALUES ('metrics-wallet', 1500000)`);
    await ledger.query(
      `INSERT INTO balance_holds (id, wallet, operation_id, price_usd, amount_atomic, day, status, request_id, ` +
        `expires_at) VALUES (gen_random_uuid(), 'metrics-wallet', 'shop.getItem', '0.01', 10000, CURRENT_DATE, ` +
        `'held', 'r1', now() + interval '1 minute')`,
    );
    await ledger.end();
    const later = await scrape(targets()[1]);
    expect([
      sample(later, 'toll_payments_balance_atomic', { state: 'available' }),
      sample(later, 'toll_payments_balance_atomic', { state: 'held' }),
    ]).toEqual([1_500_000, 10_000]);

    expect(sample(shop, 'toll_handler_duration_seconds_count', { operation: 'shop.getItem', code: 'ok' })).toBe(1);
    expect(sample(shop, 'toll_operation_available', { operation: 'shop.getItem' })).toBe(1);
    expect(sample(shop, 'toll_nats_connected', { connection: 'server' })).toBe(1);
    // Each app serves its own registry: the group shows no payments figures.
    expect(shop).not.toMatch(/toll_payments_/);

    // The trace: the gateway's request span, payments' span under it, the group's under that (through NATS headers),
    // with the chain read and the ledger's statements as payments' children; every span names the request.
    let trace: ExportedSpan[] = [];
    for (let i = 0; i < 50; i++) {
      trace = exporter
        .getFinishedSpans()
        .map(exported)
        .filter((s) => s.attributes['toll.request_id'] === requestId);
      if (new Set(trace.map((s) => s.service)).size === 3 && trace.some((s) => s.name.startsWith('GET '))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(new Set(trace.map((s) => s.traceId)).size).toBe(1);
    const byName = (service: string, name: string) => trace.find((s) => s.service === service && s.name === name);
    const http_ = byName('gateway', 'GET shop.getItem')!;
    const paid = byName('payments', 'nats payments.call')!;
    const served = byName('shop', 'nats shop.getItem')!;
    expect([http_, paid, served].every(Boolean)).toBe(true);
    expect(http_.parentSpanId).toBe('');
    expect(paid.parentSpanId).toBe(http_.spanId);
    expect(served.parentSpanId).toBe(paid.spanId);
    expect(trace.filter((s) => s.service === 'payments').map((s) => s.name)).toEqual(
      expect.arrayContaining(['chain getTransaction', 'sql ledger_settle_held']),
    );
  });

  (havePrometheus ? it : it.skip)(
    `a real Prometheus scrapes every app and answers the paid-call rate and the settled ` +
      `amount${havePrometheus ? '' : ' (SKIPPED: prometheus is not installed)'}`,
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'toll-prometheus-'));
      const port = await freePort();
      const hostPort = (url: string) => new URL(url).host;
      writeFileSync(
        join(dir, 'prometheus.yml'),
        [
          'global: { scrape_interval: 1s, evaluation_interval: 1s }',
          `rule_files: [${JSON.stringify(RULES)}]`,
          'scrape_configs:',
          ...[
            ['gateway', targets()[0]],
            ['payments', targets()[1]],
            ['shop', targets()[2]],
          ].map(([job, url]) => `  - { job_name: ${job}, static_configs: [{ targets: ["${hostPort(url)}"] }] }`),
        ].join('\n'),
      );
      const prometheus: ChildProcess = spawn(
        PROMETHEUS,
        [
          `--config.file=${join(dir, 'prometheus.yml')}`,
          `--storage.tsdb.path=${join(dir, 'data')}`,
          `--web.listen-address=127.0.0.1:${port}`,
        ],
        { stdio: 'ignore' },
      );
      const query = async (q: string) =>
        (await http(`http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent(q)}`)).body?.data?.result ?? [];
      try {
        await waitFor(async () => (await query('up == 1')).length === 3, 20_000);
        await paidCall(); // the rate needs an increase between two scrapes of an existing series
        await waitFor(
          async () =>
            Number((await query('sum(rate(toll_gateway_requests_total{payment="paid"}[30s]))'))[0]?.value[1] ?? 0) > 0,
          15_000,
        );
        const settled = async () =>
          (await query('sum by (asset) (toll_payments_settled_atomic_total)')).map((r: any) => [
            r.metric.asset,
            r.value[1],
          ]);
        await waitFor(
          async () => JSON.stringify(await settled()) === JSON.stringify([['USDC', '20000']]),
          10_000,
        ).catch(() => undefined);
        expect(await settled()).toEqual([['USDC', '20000']]); // two paid calls of $0.01, in USDC atomic units
        const rules = (await http(`http://127.0.0.1:${port}/api/v1/rules`)).body.data.groups.flatMap(
          (g: any) => g.rules,
        );
        expect(rules.every((r: any) => r.health === 'ok')).toBe(true);
        expect(rules.filter((r: any) => r.type === 'alerting' && r.state === 'firing').map((r: any) => r.name)).toEqual(
          [],
        );
      } finally {
        prometheus.kill();
        await new Promise((r) => prometheus.once('exit', r));
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );

  (havePrometheus ? it : it.skip)(
    `the alert rules pass promtool check rules, promtool test rules fires the settle-failure alert, and the ` +
      `dashboard's queries parse${havePrometheus ? '' : ' (SKIPPED)'}`,
    () => {
      const check = spawnSync(PROMTOOL, ['check', 'rules', RULES], { encoding: 'utf8' });
      expect(check.stdout + check.stderr).toMatch(/SUCCESS/);
      expect(check.status).toBe(0);
      const unit = spawnSync(PROMTOOL, ['test', 'rules', RULE_TESTS], { encoding: 'utf8' });
      expect(unit.stdout + unit.stderr).toMatch(/SUCCESS/);
      expect(unit.status).toBe(0);
      // Every query of the Grafana dashboard is valid PromQL on our metric names: promtool parses them as recording
      // rules.
      const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8'));
      const exprs: string[] = dashboard.panels.flatMap((p: any) => (p.targets ?? []).map((t: any) => t.expr));
      expect(exprs.every((e) => /toll[_:]|nodejs_|^0\./.test(e))).toBe(true);
      const dir = mkdtempSync(join(tmpdir(), 'toll-dashboard-'));
      const rules = [
        'groups:',
        '  - name: dashboard',
        '    rules:',
        ...exprs.map(
          (e, i) =>
            `      - { record: "dashboard:q${i}", expr: ` +
            `${JSON.stringify(e.replace(/\$__rate_interval/g, '5m').replace(/\$__range/g, '1h'))} }`,
        ),
      ];
      writeFileSync(join(dir, 'dashboard.yml'), rules.join('\n'));
      const parsed = spawnSync(PROMTOOL, ['check', 'rules', join(dir, 'dashboard.yml')], { encoding: 'utf8' });
      rmSync(dir, { recursive: true, force: true });
      expect(parsed.stdout + parsed.stderr).toMatch(new RegExp(`SUCCESS: ${exprs.length} rules found`));
    },
  );
});

async function waitFor(ok: () => Promise<boolean>, ms: number) {
  const until = Date.now() + ms;
  while (!(await ok().catch(() => false))) {
    if (Date.now() > until) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
