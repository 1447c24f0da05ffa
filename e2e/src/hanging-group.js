// A group whose shutdown hook never finishes, as a database pool waiting on a lost connection would.
// Plain JS (run as its own process), so decorators are applied by hand.
const { Controller, Module } = require('@nestjs/common');
const { FREE } = require('@toll/contracts');
const { BaseConfig, TollRoute, bootstrapGroup } = require('@toll/platform');
const { z } = require('zod');

class HangingController {
  ping() {
    return { ok: true };
  }
}
const ping = {
  operationId: 'hanging.getPing',
  method: 'GET',
  path: '/toll/hanging/ping',
  summary: 'Ping',
  price: FREE,
  input: z.strictObject({}),
  output: z.object({ ok: z.boolean() }),
  timeoutMs: 1_000,
};
TollRoute(ping)(
  HangingController.prototype,
  'ping',
  Object.getOwnPropertyDescriptor(HangingController.prototype, 'ping'),
);
Controller()(HangingController);

class HangingModule {}
Module({
  controllers: [HangingController],
  providers: [{ provide: 'HANGS', useValue: { onModuleDestroy: () => new Promise(() => {}) } }],
})(HangingModule);

bootstrapGroup(HangingModule, { name: 'hanging', title: 'Hanging', config: BaseConfig }).then(() =>
  process.stdout.write('ready\n'),
);
