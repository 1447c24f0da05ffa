import { Injectable } from '@nestjs/common';

// The current time as a provider, so a group's tests can move it (cache ages, schedules, staleness).
// Groups list it in their module's providers.
@Injectable()
export class Clock {
  now(): number {
    return Date.now();
  }
}
