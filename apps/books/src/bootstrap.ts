import { bootstrapGroup } from '@toll/platform';
import { AppModule } from './app.module';
import { BooksConfig } from './config';

export const startBooks = (env: Record<string, string | undefined> = process.env) =>
  bootstrapGroup(AppModule, { name: 'books', title: 'Book Metadata', config: BooksConfig, env });
