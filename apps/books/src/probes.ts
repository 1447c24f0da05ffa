import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SourceProbes } from '@toll/platform';
import { httpProbe } from '@toll/upstream';
import type { BooksConfig } from './config';

// Open Library and Google Books, probed in the background at their roots.
@Injectable()
export class BooksProbes {
  constructor(probes: SourceProbes, @Inject(APP_CONFIG) config: BooksConfig) {
    const probe = (name: string, url: string, on = true) => probes.register(name, on ? httpProbe({ name, url, userAgent: config.BOOKS_USER_AGENT }) : null);
    probe('open-library', config.BOOKS_OPENLIBRARY_URL);
    probe('google-books', config.BOOKS_GOOGLE_URL, config.BOOKS_GOOGLE_ENABLED);
  }
}
