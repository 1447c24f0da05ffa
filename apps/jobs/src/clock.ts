import { Injectable } from '@nestjs/common';

// The time, injectable so tests can move it (index age, staleness, refresh schedule).
@Injectable()
export class Clock {
  now(): number {
    return Date.now();
  }
}
