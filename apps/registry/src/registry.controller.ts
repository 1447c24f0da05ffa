import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SUBJECTS, type RegistryListingsReply, type TollMessage } from '@toll/contracts';
import { TollRoute } from '@toll/platform';
import { PRICES } from './pricing';
import * as S from './registry.schemas';
import { RegistryService } from './registry.service';

const TIMEOUT_MS = 5_000;

// Root paths (/api/listings, /registry.json, /api/submit, /api/questionnaire) are served only where the
// gateway grants them: GATEWAY_PATH_GRANTS=registry:/api/listings,registry:/registry.json,…
@Controller()
export class RegistryController {
  constructor(private readonly registry: RegistryService) {}

  @TollRoute({
    operationId: 'registry.getListings',
    method: 'GET',
    path: '/api/listings',
    summary: 'Registry listings; with capability, a ranked lookup (verification, uptime/latency, price, usage) with the factors behind each rank',
    description:
      'Filters are always enforced (no match → empty list): capability (tag in capability_tags), max_price (USD per call), verified_only, auth. ' +
      'registry_updated changes whenever the published set changes; re-pull then.',
    price: PRICES.getListings,
    input: S.ListingsQuery,
    output: S.ListingsOutput,
    timeoutMs: TIMEOUT_MS,
  })
  getListings(@Payload() msg: TollMessage<S.ListingsQuery>) {
    return this.registry.listings(msg.input, msg.caller.ip);
  }

  @TollRoute({
    operationId: 'registry.getSnapshot',
    method: 'GET',
    path: '/registry.json',
    summary: 'Static snapshot of the four operator-verified listings, with registry_updated',
    price: PRICES.getSnapshot,
    input: S.EmptyInput,
    output: S.SnapshotOutput,
    timeoutMs: TIMEOUT_MS,
  })
  getSnapshot() {
    return this.registry.snapshot();
  }

  @TollRoute({
    operationId: 'registry.submit',
    method: 'POST',
    path: '/api/submit',
    summary: 'Submit a listing (schema v0.1); published at once as unverified. Rate-limited per client network',
    description: 'accepted_terms must be true and is not published. One listing per endpoint_url. Too many submissions → 429 with Retry-After.',
    price: PRICES.submit,
    input: S.SubmitInput,
    output: S.SubmitOutput,
    timeoutMs: TIMEOUT_MS,
    errors: ['RATE_LIMITED'],
  })
  submit(@Payload() msg: TollMessage<S.SubmitInput>) {
    return this.registry.submit(msg.input, msg.caller.ip);
  }

  @TollRoute({
    operationId: 'registry.submitQuestionnaire',
    method: 'POST',
    path: '/api/questionnaire',
    summary: 'Demand-research answers (at most 50, 8 KB); stored privately and never published',
    price: PRICES.submitQuestionnaire,
    input: S.QuestionnaireInput,
    output: S.QuestionnaireOutput,
    timeoutMs: TIMEOUT_MS,
    errors: ['RATE_LIMITED'],
  })
  submitQuestionnaire(@Payload() msg: TollMessage<S.QuestionnaireInput>) {
    return this.registry.submitQuestionnaire(msg.input, msg.caller.ip);
  }

  @TollRoute({
    operationId: 'registry.getHealth',
    method: 'GET',
    path: '/toll/registry/health',
    summary: 'Discovery Registry status (database, prober, rate limits, listing counts) and endpoint catalog',
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.RegistryHealthOutput,
    timeoutMs: TIMEOUT_MS,
  })
  getHealth() {
    return this.registry.health();
  }

  @MessagePattern(SUBJECTS.registryListings)
  listingsFeed(): Promise<RegistryListingsReply> {
    return this.registry.feed();
  }
}
