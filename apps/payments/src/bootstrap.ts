import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { PaymentsConfig } from './config';

export const startPayments = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { name: 'payments', title: 'Payments', config: PaymentsConfig, env });
