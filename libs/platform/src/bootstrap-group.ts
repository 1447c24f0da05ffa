import { Module, type INestApplication, type Type } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import type { z } from 'zod';
import { createTelemetry, withTelemetry, type Telemetry } from '@toll/telemetry';
import { enableReplay } from '@toll/upstream';
import { CatalogService } from './catalog.service';
import { BaseConfig, loadConfig, maskConfig } from './config';
import { unhandledRejectionGuard } from './error.filter';
import { JsonLogger } from './logger';
import { MessageServer } from './message-server';
import { connectNats } from './nats';
import { PlatformModule } from './platform.module';
import { armShutdownDeadline } from './shutdown-deadline';
import { SourceProbes } from './source-probes';

export interface GroupOptions<S extends z.ZodObject> {
  name: string; // folder = Nx project = image = Deployment = NATS queue
  title: string;
  config: S; // the app's one config schema (extends BaseConfig)
  env?: Record<string, string | undefined>; // defaults to process.env; tests pass their own
}

export interface RunningGroup {
  app: INestApplication;
  healthUrl: string;
  close(): Promise<void>;
}

// The work arrives over NATS (MessageServer: queue group = app name, so replicas share load);
// a small HTTP port serves /healthz and /readyz for Kubernetes.
// Everything runs in the app's telemetry scope (libs/telemetry), so shared code started here (upstream calls, chain
// reads, SQL) records into this app's /metrics and tracer.
export async function bootstrapGroup<S extends z.ZodObject>(
  module: Type,
  options: GroupOptions<S>,
): Promise<RunningGroup> {
  const env = options.env ?? process.env;
  const config = loadConfig(options.config, env) as BaseConfig & z.infer<S>;
  const telemetry = createTelemetry(options.name, env);
  return withTelemetry(telemetry, () => startGroup(module, options, config, telemetry));
}

async function startGroup<S extends z.ZodObject>(
  module: Type,
  options: GroupOptions<S>,
  config: BaseConfig & z.infer<S>,
  telemetry: Telemetry,
): Promise<RunningGroup> {
  const logger = new JsonLogger(options.name, config.LOG_LEVEL);
  // A process of its own (tests start groups inside jest, which owns the process's handlers).
  if (!options.env) process.on('unhandledRejection', unhandledRejectionGuard(logger));
  if (config.UPSTREAM_REPLAY_DIRS) {
    const count = enableReplay(config.UPSTREAM_REPLAY_DIRS.split(','));
    logger.event('warn', 'REPLAY MODE: upstream calls are answered from recorded fixtures, as_of = recording time', {
      fixtures: count,
    });
  }
  const nats = await connectNats(config.NATS_URL, `${options.name}-catalog`);
  const group = { name: options.name, title: options.title, version: config.SERVICE_VERSION, startedAt: new Date() };

  // MessageServer sits in the root module: Nest destroys it first, so the replica stops taking messages and finishes
  // those in flight before the app's own shutdown hooks run.
  @Module({
    imports: [PlatformModule.forRoot({ group, config, logger, nats, telemetry }), DiscoveryModule, module],
    providers: [MessageServer],
  })
  class RootModule {}

  const app = await NestFactory.create(RootModule, { logger, abortOnError: false });
  const disarm = armShutdownDeadline(logger, config.SHUTDOWN_TIMEOUT_MS);
  app.enableShutdownHooks();
  await app.init();
  // Subscribed and flushed: the subjects exist on the NATS server before anything announces them.
  await app.get(MessageServer).listen();
  app.get(CatalogService).start(config.ANNOUNCE_INTERVAL_MS); // only once the subjects are subscribed
  app.get(SourceProbes).start();
  await app.listen(config.HEALTH_PORT, '0.0.0.0');
  const healthUrl = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  logger.event('info', 'started', { config: maskConfig(options.config, config), healthUrl });
  return {
    app,
    healthUrl,
    close: async () => {
      disarm();
      await app.close();
      await nats.drain();
      await telemetry.close(); // the last spans are exported
    },
  };
}
