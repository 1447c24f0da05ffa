import { Injectable } from '@nestjs/common';

// The current time comes from a provider so tests can move it (cache ages, the "now" step of a forecast).
@Injectable()
export class Clock {
  now(): number {
    return Date.now();
  }
}
