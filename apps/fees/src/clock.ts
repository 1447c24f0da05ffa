import { Injectable } from '@nestjs/common';

// The current time comes from a provider so tests can age the fee cache.
@Injectable()
export class Clock {
  now(): number {
    return Date.now();
  }
}
