import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { JsonLogger, armShutdownDeadline, connectNats, loadConfig, maskConfig } from '@toll/platform';
import { GatewayConfig } from './config';
import { GatewayModule } from './gateway.module';
import { bodyErrors, formBody, jsonBody, requestId } from './http-middleware';

export interface RunningGateway {
  url: string;
  close(): Promise<void>;
}

export async function startGateway(env: Record<string, string | undefined> = process.env): Promise<RunningGateway> {
  const config = loadConfig(GatewayConfig, env);
  const logger = new JsonLogger('gateway', config.LOG_LEVEL);
  const nats = await connectNats(config.NATS_URL, 'gateway');
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(config, logger, nats), { logger, bodyParser: false, abortOnError: false });
  app.set('trust proxy', config.GATEWAY_TRUST_PROXY);
  app.disable('x-powered-by');
  app.use(requestId, jsonBody(config.GATEWAY_BODY_LIMIT_BYTES), bodyErrors);
  app.use('/docs/op', formBody(config.GATEWAY_BODY_LIMIT_BYTES), bodyErrors); // the docs page's plain HTML forms
  const disarm = armShutdownDeadline(logger, config.SHUTDOWN_TIMEOUT_MS);
  app.enableShutdownHooks();
  await app.listen(config.PORT, '0.0.0.0');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1').replace('0.0.0.0', '127.0.0.1');
  logger.event('info', 'gateway listening', { url, config: maskConfig(GatewayConfig, config) });
  return {
    url,
    close: async () => {
      disarm();
      await app.close();
      await nats.drain();
    },
  };
}
