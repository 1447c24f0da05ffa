import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  JsonLogger,
  armShutdownDeadline,
  connectNats,
  loadConfig,
  maskConfig,
  serveMetrics,
  watchNats,
} from '@toll/platform';
import { createTelemetry, withTelemetry, type Telemetry } from '@toll/telemetry';
import { GatewayConfig } from './config';
import { GatewayModule } from './gateway.module';
import { bodyErrors, formBody, jsonBody, requestId } from './http-middleware';
import { httpTelemetry } from './metrics';
import { RateLimiter, rateLimit } from './rate-limit';
import { RouteTable } from './route-table';

export interface RunningGateway {
  url: string;
  metricsUrl: string; // http://host:HEALTH_PORT/metrics
  close(): Promise<void>;
}

// In the gateway's telemetry scope (libs/telemetry); /metrics is served on HEALTH_PORT, apart from the public PORT, so
// revenue figures never reach the internet through the Ingress (docs/operations.md).
export async function startGateway(env: Record<string, string | undefined> = process.env): Promise<RunningGateway> {
  const config = loadConfig(GatewayConfig, env);
  const telemetry = createTelemetry('gateway', env);
  return withTelemetry(telemetry, () => start(config, telemetry));
}

async function start(config: GatewayConfig, telemetry: Telemetry): Promise<RunningGateway> {
  const logger = new JsonLogger('gateway', config.LOG_LEVEL);
  const nats = await connectNats(config.NATS_URL, 'gateway');
  watchNats(telemetry, nats, 'gateway');
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(config, logger, nats, telemetry), {
    logger,
    bodyParser: false,
    abortOnError: false,
  });
  app.set('trust proxy', config.GATEWAY_TRUST_PROXY);
  app.disable('x-powered-by');
  const limiter = new RateLimiter(config, logger, telemetry);
  await limiter.start();
  // Per-client limits after the JSON parser: an MCP call's payment, which exempts it from the free classes, is in its
  // body.
  app.use(
    requestId,
    httpTelemetry(telemetry),
    jsonBody(config.GATEWAY_BODY_LIMIT_BYTES),
    bodyErrors,
    rateLimit(limiter, app.get(RouteTable), config),
  );
  app.use('/docs/op', formBody(config.GATEWAY_BODY_LIMIT_BYTES), bodyErrors); // the docs page's plain HTML forms
  const disarm = armShutdownDeadline(logger, config.SHUTDOWN_TIMEOUT_MS);
  app.enableShutdownHooks();
  await app.listen(config.PORT, '0.0.0.0');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1').replace('0.0.0.0', '127.0.0.1');
  const metrics = await serveMetrics(telemetry, config.HEALTH_PORT);
  logger.event('info', 'gateway listening', {
    url,
    metricsUrl: metrics.url,
    config: maskConfig(GatewayConfig, config),
  });
  return {
    url,
    metricsUrl: metrics.url,
    close: async () => {
      disarm();
      await app.close();
      await limiter.close();
      await metrics.close();
      await nats.drain();
      await telemetry.close();
    },
  };
}
