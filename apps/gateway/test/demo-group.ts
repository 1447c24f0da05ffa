import { Controller, Module } from '@nestjs/common';
import { FREE, TollError, perBlock, perCall, type TollMessage } from '@toll/contracts';
import { BaseConfig, TollRoute, bootstrapGroup, jsonTextReply, unchargedReply, withHeaders } from '@toll/platform';
import { z } from 'zod';

const Echo = z.strictObject({ q: z.string().min(1).max(100), n: z.number().int().min(1).max(10).default(1) });
const Sum = z.strictObject({ a: z.number().int(), b: z.number().int() });
const Items = z.strictObject({ items: z.array(z.number().int()).min(1).max(3) });
// A rule JSON Schema cannot carry (a check digit) and one across fields: only the group can judge them.
const Checked = z
  .strictObject({
    code: z.string().regex(/^\d{4}$/),
    low: z.number().int().optional(),
    high: z.number().int().optional(),
  })
  .superRefine((v, ctx) => {
    const digits = [...v.code].map(Number);
    if (/^\d{4}$/.test(v.code) && (digits[0] + digits[1] + digits[2]) % 10 !== digits[3])
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'check digit does not match' });
    if (v.low !== undefined && v.high !== undefined && v.low > v.high)
      ctx.addIssue({ code: 'custom', path: ['high'], message: 'must not be below low' });
  });

// A group built the way every real group is (bootstrapGroup + @TollRoute), with routes that exercise the gateway.
@Controller()
class DemoController {
  @TollRoute({
    operationId: 'demo.getEcho',
    method: 'GET',
    path: '/toll/demo/echo',
    summary: 'Echo',
    price: FREE,
    input: Echo,
    output: z.object({ echo: z.string() }),
    timeoutMs: 1_000,
  })
  echo(msg: TollMessage<z.infer<typeof Echo>>) {
    return { echo: msg.input.q.repeat(msg.input.n) };
  }

  @TollRoute({
    operationId: 'demo.sum',
    method: 'POST',
    path: '/toll/demo/sum',
    summary: 'Sum',
    price: FREE,
    input: Sum,
    output: z.object({ sum: z.number() }),
    timeoutMs: 1_000,
  })
  sum(msg: TollMessage<z.infer<typeof Sum>>) {
    return { sum: msg.input.a + msg.input.b };
  }

  @TollRoute({
    operationId: 'demo.getItem',
    method: 'GET',
    path: '/toll/demo/item/{id}',
    summary: 'Item by id',
    price: FREE,
    input: z.strictObject({ id: z.string().regex(/^[a-z0-9-]{1,20}$/) }),
    output: z.object({ id: z.string() }),
    timeoutMs: 1_000,
  })
  item(msg: TollMessage<{ id: string }>) {
    return { id: msg.input.id };
  }

  @TollRoute({
    operationId: 'demo.getPaid',
    method: 'GET',
    path: '/toll/demo/paid',
    summary: 'Paid',
    price: perCall('0.01'),
    input: z.strictObject({}),
    output: z.object({ ok: z.boolean() }),
    timeoutMs: 1_000,
  })
  paid() {
    return { ok: true };
  }

  @TollRoute({
    operationId: 'demo.getChecked',
    method: 'GET',
    path: '/toll/demo/checked',
    summary: 'Paid, with rules only the group can judge',
    price: perCall('0.01'),
    input: Checked,
    output: z.object({ ok: z.boolean() }),
    timeoutMs: 1_000,
  })
  checked() {
    return { ok: true };
  }

  @TollRoute({
    operationId: 'demo.getNothingNew',
    method: 'GET',
    path: '/toll/demo/nothing-new',
    summary: 'Paid, but serves only stale data',
    price: perCall('0.01'),
    input: z.strictObject({}),
    output: z.object({ stale: z.boolean() }),
    timeoutMs: 1_000,
  })
  nothingNew() {
    return unchargedReply({ stale: true }, 'nothing fresh to sell');
  }

  // Every provider down: the handler says so, with how long before trying again is worth it.
  @TollRoute({
    operationId: 'demo.getFlaky',
    method: 'GET',
    path: '/toll/demo/flaky',
    summary: 'Paid, with its provider down',
    price: perCall('0.01'),
    input: z.strictObject({}),
    output: z.object({}),
    timeoutMs: 1_000,
  })
  flaky(): object {
    throw new TollError('UPSTREAM_ERROR', 'every provider failed', { retry_after_seconds: 30 });
  }

  @TollRoute({
    operationId: 'demo.sumItems',
    method: 'POST',
    path: '/toll/demo/items',
    summary: 'Sum of a list',
    price: FREE,
    input: Items,
    output: z.object({ sum: z.number() }),
    timeoutMs: 1_000,
    arrayBodyField: 'items',
  })
  sumItems(msg: TollMessage<z.infer<typeof Items>>) {
    return withHeaders(
      { sum: msg.input.items.reduce((a, b) => a + b, 0) },
      { 'x-toll-items': String(msg.input.items.length) },
    );
  }

  // JSON.parse would turn this u64 into 18446744073709552000: the text must reach the caller as written.
  @TollRoute({
    operationId: 'demo.getExact',
    method: 'GET',
    path: '/toll/demo/exact',
    summary: 'Exact JSON',
    price: FREE,
    input: z.strictObject({}),
    output: z.object({ big: z.number() }),
    timeoutMs: 1_000,
  })
  exact() {
    return jsonTextReply('{"big":18446744073709551615}', { 'x-toll-source': 'demo' });
  }

  @TollRoute({
    operationId: 'demo.getBlock',
    method: 'GET',
    path: '/toll/demo/block',
    summary: 'Block-priced',
    price: perBlock('0.01', 1000),
    input: z.strictObject({}),
    output: z.object({ ok: z.boolean() }),
    timeoutMs: 1_000,
  })
  block() {
    return { ok: true };
  }

  @TollRoute({
    operationId: 'demo.getSlow',
    method: 'GET',
    path: '/toll/demo/slow',
    summary: 'Slow',
    price: FREE,
    input: z.strictObject({}),
    output: z.object({}),
    timeoutMs: 300,
  })
  async slow() {
    await new Promise((r) => setTimeout(r, 1_500));
    return {};
  }

  @TollRoute({
    operationId: 'demo.getBoom',
    method: 'GET',
    path: '/toll/demo/boom',
    summary: 'Fails',
    price: FREE,
    input: z.strictObject({}),
    output: z.object({}),
    timeoutMs: 1_000,
  })
  boom(): object {
    throw new Error('secret internals: db password in stack');
  }
}

@Module({ controllers: [DemoController] })
class DemoModule {}

@Controller()
class PingController {
  @TollRoute({
    operationId: 'ping.getPing',
    method: 'GET',
    path: '/toll/ping/ping',
    summary: 'Ping',
    price: FREE,
    input: z.strictObject({}),
    output: z.object({ pong: z.boolean() }),
    timeoutMs: 1_000,
  })
  ping() {
    return { pong: true };
  }
}

@Module({ controllers: [PingController] })
class PingModule {}

const env = (natsUrl: string) => ({
  NATS_URL: natsUrl,
  ANNOUNCE_INTERVAL_MS: '200',
  LOG_LEVEL: 'error',
  NATS_GRACE_PERIOD_MS: '50',
});

export const startDemoGroup = (natsUrl: string) =>
  bootstrapGroup(DemoModule, { name: 'demo', title: 'Demo', config: BaseConfig, env: env(natsUrl) });

// A second, disposable group: the gateway must answer 503 once it is stopped.
export const startPingGroup = (natsUrl: string) =>
  bootstrapGroup(PingModule, { name: 'ping', title: 'Ping', config: BaseConfig, env: env(natsUrl) });
