import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { PaymentsConfig } from './config';

void bootstrapGroup(AppModule, { name: 'payments', title: 'Payments', config: PaymentsConfig });
