import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SourceProbes } from '@toll/platform';
import type { BooksConfig } from './config';

// Open Library and Google Books, probed in the background at their roots.
@Injectable()
export class BooksProbes {
  constructor(probes: SourceProbes, @Inject(APP_CONFIG) config: BooksConfig) {
    probes.registerHttp(config.BOOKS_USER_AGENT, [
      { name: 'open-library', url: config.BOOKS_OPENLIBRARY_URL },
      { name: 'google-books', url: config.BOOKS_GOOGLE_URL, enabled: config.BOOKS_GOOGLE_ENABLED },
    ]);
  }
}
