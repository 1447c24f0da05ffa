import { Injectable } from '@nestjs/common';

// Lease times come from here, never from the database's now(), so tests can move time past a lease's end.
@Injectable()
export class Clock {
  now(): number {
    return Date.now();
  }
}
