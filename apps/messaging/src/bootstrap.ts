import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { MessagingConfig } from './config';

export const startMessaging = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { name: 'messaging', title: 'Messaging-bot Provisioning', config: MessagingConfig, env });
