import { BaseConfig, sensitive } from '@toll/platform';
import { z } from 'zod';

const ms = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);

export const BooksConfig = BaseConfig.extend({
  // Open Library answers a name without a contact with 403 and allows 3 req/s to identified clients (upstreams.md
  // §14a).
  BOOKS_USER_AGENT: z.string().min(1).max(200).default('Toll/1.0 (+https://github.com/toll; ops@toll.example)'),
  BOOKS_OPENLIBRARY_URL: z.url().default('https://openlibrary.org'),
  BOOKS_OPENLIBRARY_TIMEOUT_MS: ms(100, 30_000, 4_000),
  // Open Library's published rate for identified clients, per replica.
  BOOKS_OPENLIBRARY_RATE_PER_SECOND: z.coerce.number().min(0.1).max(100).default(3),
  // Second source; off leaves Open Library alone (e.g. if Google's terms stop fitting).
  BOOKS_GOOGLE_ENABLED: z.stringbool().default(true),
  BOOKS_GOOGLE_URL: z.url().default('https://www.googleapis.com/books/v1'),
  // Optional free key: raises the shared keyless quota to 1,000 requests/day for this project.
  BOOKS_GOOGLE_API_KEY: sensitive(z.string().min(1).optional()),
  BOOKS_GOOGLE_TIMEOUT_MS: ms(100, 30_000, 3_000),
  BOOKS_GOOGLE_RATE_PER_SECOND: z.coerce.number().min(0.1).max(100).default(2),
});
export type BooksConfig = z.infer<typeof BooksConfig>;
