import { Controller } from '@nestjs/common';
import type { TollMessage } from '@toll/contracts';
import { GroupHealth, TollRoute } from '@toll/platform';
import * as S from './books.schemas';
import { BooksService } from './books.service';
import { PRICES } from './pricing';

// Room for Open Library and then Google Books, each with one retry.
const TIMEOUT_MS = 10_000;

@Controller()
export class BooksController {
  constructor(
    private readonly books: BooksService,
    private readonly group: GroupHealth,
  ) {}

  @TollRoute({
    operationId: 'books.getBook',
    method: 'GET',
    path: '/toll/books/book',
    summary:
      'Book details for one ISBN (10 or 13 digits, as on the barcode): title, author, publisher, publication ' +
      'date, page count, language, subjects, cover image, identifiers and work',
    description:
      'The ISBN check digit is verified before payment; an ISBN-10 is converted to ISBN-13. Open Library and ' +
      'Google Books are asked together: ' +
      'Open Library first field by field, Google Books fills what it lacks, and `field_sources` says which ' +
      'source each field came from. ' +
      'Either source alone answers when the other fails. An ISBN neither source knows is NOT_FOUND (the payment ' +
      'stays unused). Cached 30 days; ' +
      'served stale up to a year when both sources fail.',
    asks: [
      'title and author of an ISBN',
      'book details from a barcode',
      'who published this book and how many pages',
      'cover image for ISBN 9780140449136',
      'look up a book by its number',
      'book info from ISBN-13',
      'publisher and publication date of a book number',
    ],
    price: PRICES.getBook,
    input: S.GetBookInput,
    output: S.GetBookOutput,
    timeoutMs: TIMEOUT_MS,
    sources: ['open-library', 'google-books'],
    errors: ['NOT_FOUND', 'UPSTREAM_ERROR'],
  })
  getBook(msg: TollMessage<S.GetBookInput>) {
    return this.books.getBook(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'books.getBatch',
    method: 'POST',
    path: '/toll/books/batch',
    summary: `Book details for a list of up to ${S.BATCH_MAX} ISBNs or book barcodes at once, one row per book`,
    description:
      'All ISBNs go to Open Library in a single request; Google Books is asked only for the ISBNs Open Library ' +
      'does not have or could not ' +
      'answer. Each row is found, not_found or unavailable; the call fails (the payment stays unused) only when ' +
      'no ISBN could be answered.',
    asks: [
      'details for a list of ISBNs at once',
      'look up several books by barcode in one call',
      'bulk book metadata for twenty ISBNs',
      'titles for a stack of scanned book barcodes',
      'look up many ISBNs in one request',
      'bulk book details for a reading list of barcodes',
    ],
    price: PRICES.getBatch,
    input: S.GetBatchInput,
    output: S.GetBatchOutput,
    timeoutMs: TIMEOUT_MS,
    sources: ['open-library', 'google-books'],
    errors: ['UPSTREAM_ERROR'],
  })
  getBatch(msg: TollMessage<S.GetBatchInput>) {
    return this.books.getBatch(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'books.search',
    method: 'GET',
    path: '/toll/books/search',
    summary:
      'Find books and novels by author, title, subject or keywords: matching works with authors, first ' +
      'publication year, editions, ISBNs and cover',
    description:
      'Source: Open Library search (one row per work). When it fails, Google Books answers (one row per volume), ' +
      'named in `source` and ' +
      '`fallback_reason`. Cached for a day; served stale up to 30 days when both fail.',
    asks: [
      'novels written by Terry Pratchett',
      'novels about time travel',
      'search books by title or subject',
      'which editions of a book exist',
      'books on machine learning',
      'find a novel by its title',
      'books by an author',
      'search for books about a subject',
    ],
    price: PRICES.search,
    input: S.SearchInput,
    output: S.SearchOutput,
    timeoutMs: TIMEOUT_MS,
    sources: ['open-library', 'google-books'],
    errors: ['UPSTREAM_ERROR'],
  })
  search(msg: TollMessage<S.SearchInput>) {
    return this.books.search(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'books.getHealth',
    method: 'GET',
    path: '/toll/books/health',
    summary:
      'Book metadata service health: whether it is up, its sources and licence terms, what each call costs, ' +
      'cache and endpoint catalog',
    asks: [
      'is the book service up',
      'status of the book metadata service',
      'is the ISBN lookup working',
      'book service sources and licence',
      'book lookup service status',
      'book metadata sources and costs',
    ],
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.HealthOutput,
    timeoutMs: 2_000,
  })
  getHealth(): S.HealthOutput {
    return { ...this.group.describe(), ...this.books.health() };
  }
}
