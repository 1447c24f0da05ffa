import { Module } from '@nestjs/common';
import { BooksController } from './books.controller';
import { BooksService } from './books.service';
import { GoogleBooksClient } from './upstreams/google-books.client';
import { OpenLibraryClient } from './upstreams/open-library.client';
import { BooksProbes } from './probes';

@Module({
  controllers: [BooksController],
  providers: [BooksService, BooksProbes, OpenLibraryClient, GoogleBooksClient],
})
export class AppModule {}
