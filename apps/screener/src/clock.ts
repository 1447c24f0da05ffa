import { Injectable } from '@nestjs/common';

// The current time comes from a provider so tests can move it (cache ages).
@Injectable()
export class Clock {
  now(): number {
    return Date.now();
  }
}
