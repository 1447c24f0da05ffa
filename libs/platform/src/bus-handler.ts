import { SetMetadata } from '@nestjs/common';

export const BUS_SUBJECT = 'toll:bus-subject';

// A controller method that answers requests on a NATS subject (MessageServer subscribes it). The handler gets the
// request's `data` as its only argument. @TollRoute sets this for its operation's subject; system subjects
// (payments.*, registry.*, data.*) use this decorator directly.
export const BusHandler = (subject: string) => SetMetadata(BUS_SUBJECT, subject);
