import { Injectable } from '@nestjs/common';

// The time, injectable so tests can move it (ingest schedule, index age, status cache).
@Injectable()
export class Clock {
  now(): number {
    return Date.now();
  }
}
