import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { TollMessage } from '@toll/contracts';
import { TollRoute } from '@toll/platform';
import * as S from './messaging.schemas';
import { MessagingService } from './messaging.service';
import { PRICES } from './pricing';

// Provisioning makes up to four Bot API calls after taking a bot from the pool.
const PROVISION_TIMEOUT_MS = 20_000;
const TIMEOUT_MS = 5_000;

@Controller()
export class MessagingController {
  constructor(private readonly messaging: MessagingService) {}

  @TollRoute({
    operationId: 'messaging.provision',
    method: 'POST',
    path: '/toll/messaging/provision',
    summary: 'Rent a Telegram bot for one month (30 days): its token and username right away, with a webhook or polling; or renew your bot for another month',
    description:
      'New lease: optional name, description, short_description, webhook_url (https, public host) and webhook_secret. Renewal: lease_id and lease_key only. ' +
      'An empty pool is refused with 503 before any charge (the hold is released). At the end of the lease the token is revoked and the bot reset.',
    price: PRICES.provision,
    input: S.ProvisionInput,
    output: S.ProvisionOutput,
    timeoutMs: PROVISION_TIMEOUT_MS,
    errors: ['NOT_FOUND', 'UPSTREAM_ERROR'],
  })
  provision(@Payload() msg: TollMessage<S.ProvisionInput>) {
    return this.messaging.provision(msg.input, msg.payer, msg.deadline);
  }

  @TollRoute({
    operationId: 'messaging.release',
    method: 'POST',
    path: '/toll/messaging/release',
    summary: 'Give a rented Telegram bot back before its month ends (free): the token is revoked and the bot reset',
    price: PRICES.release,
    input: S.ReleaseInput,
    output: S.ReleaseOutput,
    timeoutMs: TIMEOUT_MS,
    errors: ['NOT_FOUND'],
  })
  release(@Payload() msg: TollMessage<S.ReleaseInput>) {
    return this.messaging.release(msg.input);
  }

  @TollRoute({
    operationId: 'messaging.getHealth',
    method: 'GET',
    path: '/toll/messaging/health',
    summary: 'Messaging-bot provisioning status: pool size (available, leased, resetting, quarantined), plan pricing and endpoint catalog',
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.HealthOutput,
    timeoutMs: TIMEOUT_MS,
  })
  getHealth() {
    return this.messaging.health();
  }
}
