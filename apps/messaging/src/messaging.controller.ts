import { Controller } from '@nestjs/common';
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
    summary:
      'Rent a Telegram bot for one month (30 days): its token and username right away, with a webhook or ' +
      'polling; or renew your bot for another month',
    description:
      'New lease: optional name, description, short_description, webhook_url (https, public host) and ' +
      'webhook_secret. Renewal: lease_id and lease_key only. ' +
      'An empty pool is refused with 503 before any charge (the hold is released). At the end of the lease the ' +
      'token is revoked and the bot reset.',
    asks: [
      'rent a Telegram bot for a month',
      'I need a Telegram bot token right away',
      'get a ready-made telegram bot with webhook',
      'renew my rented bot for another 30 days',
      'lease a chat bot for my agent',
      'get a telegram bot for my agent to send messages',
      'buy a month of a telegram bot',
      'keep my leased bot for 30 more days',
    ],
    price: PRICES.provision,
    payerProof: true, // the answer is a credential: only the paying wallet may redeem it
    input: S.ProvisionInput,
    output: S.ProvisionOutput,
    timeoutMs: PROVISION_TIMEOUT_MS,
    errors: ['NOT_FOUND', 'UPSTREAM_ERROR'],
  })
  provision(msg: TollMessage<S.ProvisionInput>) {
    return this.messaging.provision(msg.input, msg.payer, msg.deadline);
  }

  @TollRoute({
    operationId: 'messaging.release',
    method: 'POST',
    path: '/toll/messaging/release',
    summary: 'Give a rented Telegram bot back before its month ends (free): the token is revoked and the bot reset',
    asks: [
      'give back my rented Telegram bot',
      'cancel my bot lease early',
      'return the telegram bot and revoke its token',
      'I no longer need the bot, release it',
      'end my telegram bot rental now',
      'hand back the bot I leased',
      'stop renting the telegram bot I have',
      'terminate my bot rental before the month is over',
      'close a bot lease before it runs out, given the lease id and the lease key',
      'the bot I rented is done: return it to the pool of available bots',
    ],
    price: PRICES.release,
    input: S.ReleaseInput,
    output: S.ReleaseOutput,
    timeoutMs: TIMEOUT_MS,
    errors: ['NOT_FOUND'],
  })
  release(msg: TollMessage<S.ReleaseInput>) {
    return this.messaging.release(msg.input);
  }

  @TollRoute({
    operationId: 'messaging.getHealth',
    method: 'GET',
    path: '/toll/messaging/health',
    summary:
      'Messaging-bot provisioning status: pool size (available, leased, resetting, quarantined), plan pricing ' +
      'and endpoint catalog',
    asks: [
      'are Telegram bots available to rent and at what price',
      'how many bots are free in the pool',
      'status of the bot rental service',
      'bot provisioning plans and pricing',
      'how many telegram bots can I rent now',
      'bot pool availability and plan price',
    ],
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.HealthOutput,
    timeoutMs: TIMEOUT_MS,
  })
  getHealth() {
    return this.messaging.health();
  }
}
