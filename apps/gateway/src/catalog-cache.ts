import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { createHash } from 'node:crypto';
import { RouteTable } from './route-table';

// Base URLs kept per table version: the Host header picks the base when no public URL is configured, so a caller
// must not be able to grow the cache without bound.
const MAX_ENTRIES = 32;

// The catalog documents (/, /openapi.json, /llms.txt) change only with the route table: each is built and
// serialised once per table version and base URL instead of on every request (over a millisecond of CPU for
// OpenAPI with two groups), and sent with an ETag of its text, equal on every replica, so a poller sending
// If-None-Match gets 304.
@Injectable()
export class CatalogCache {
  private version = -1;
  private readonly entries = new Map<string, { text: string; etag: string }>();

  constructor(private readonly table: RouteTable) {}

  send(res: Response, key: string, contentType: string, build: () => string): void {
    if (this.table.version !== this.version) {
      this.entries.clear();
      this.version = this.table.version;
    }
    let entry = this.entries.get(key);
    if (!entry) {
      const text = build();
      entry = { text, etag: `"${createHash('sha256').update(text).digest('base64url')}"` };
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, entry);
    }
    // Express answers 304 itself when the request's If-None-Match holds this ETag.
    res.setHeader('ETag', entry.etag);
    res.type(contentType).send(entry.text);
  }
}
