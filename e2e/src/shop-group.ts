import { Controller, Module } from '@nestjs/common';
import { FREE, TollError, perBlock, perCall } from '@toll/contracts';
import { BaseConfig, TollRoute, bootstrapGroup } from '@toll/platform';
import { z } from 'zod';

// A test group with the three price shapes payments must handle; it counts what it actually served.
export const served = { item: 0, other: 0, flaky: 0, block: 0, pack: 0 };
export const faults = { failNextFlaky: false };

const Empty = z.strictObject({});
const Served = z.object({ served: z.number().int() });

@Controller()
class ShopController {
  @TollRoute({
    operationId: 'shop.getItem',
    method: 'GET',
    path: '/toll/shop/item',
    summary: 'A paid item',
    price: perCall('0.01'),
    input: Empty,
    output: Served,
    timeoutMs: 2_000,
  })
  item() {
    return { served: ++served.item };
  }

  @TollRoute({
    operationId: 'shop.getOther',
    method: 'GET',
    path: '/toll/shop/other',
    summary: 'Another paid route',
    price: perCall('0.01'),
    input: Empty,
    output: Served,
    timeoutMs: 2_000,
  })
  other() {
    return { served: ++served.other };
  }

  @TollRoute({
    operationId: 'shop.getFlaky',
    method: 'GET',
    path: '/toll/shop/flaky',
    summary: 'Fails on demand',
    price: perCall('0.01'),
    input: Empty,
    output: Served,
    timeoutMs: 2_000,
  })
  flaky() {
    if (faults.failNextFlaky) {
      faults.failNextFlaky = false;
      throw new TollError('UPSTREAM_ERROR', 'upstream answered 500');
    }
    return { served: ++served.flaky };
  }

  @TollRoute({
    operationId: 'shop.getBlock',
    method: 'GET',
    path: '/toll/shop/block',
    summary: 'Prepaid by blocks of 1,000',
    price: perBlock('0.01', 1000),
    input: Empty,
    output: Served,
    timeoutMs: 2_000,
  })
  block() {
    return { served: ++served.block };
  }

  @TollRoute({
    operationId: 'shop.getPack',
    method: 'GET',
    path: '/toll/shop/pack',
    summary: 'Prepaid by blocks of 50, small enough to use up in a test',
    price: perBlock('0.01', 50),
    input: Empty,
    output: Served,
    timeoutMs: 2_000,
  })
  pack() {
    return { served: ++served.pack };
  }

  @TollRoute({
    operationId: 'shop.getHealth',
    method: 'GET',
    path: '/toll/shop/health',
    summary: 'Free',
    price: FREE,
    input: Empty,
    output: z.object({ ok: z.boolean() }),
    timeoutMs: 2_000,
  })
  health() {
    return { ok: true };
  }
}

@Module({ controllers: [ShopController] })
class ShopModule {}

export const startShop = (natsUrl: string, env: Record<string, string> = {}) =>
  bootstrapGroup(ShopModule, {
    name: 'shop',
    title: 'Shop',
    config: BaseConfig,
    env: { NATS_URL: natsUrl, ANNOUNCE_INTERVAL_MS: '500', LOG_LEVEL: 'error', NATS_GRACE_PERIOD_MS: '50', ...env },
  });
