import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
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
    summary:
      'Registry listings; with capability, a ranked lookup (verification, uptime/latency, price, usage) with the ' +
      'factors behind each rank',
    description:
      'Filters are always enforced (no match → empty list): capability (tag in capability_tags), max_price (USD ' +
      'per call), verified_only, auth. ' +
      'registry_updated changes whenever the published set changes; re-pull then.',
    asks: [
      'browse every service published in the registry',
      'which agent services are listed and how do they rank for a capability',
      'find a listed provider for OCR ranked by uptime and price',
      'show all entries in the public services directory',
      'look up listed APIs that offer translation',
      'who offers image generation among registered services',
      'rank providers for a capability by reliability',
      'what services are in the catalog right now',
    ],
    price: PRICES.getListings,
    input: S.ListingsQuery,
    output: S.ListingsOutput,
    timeoutMs: TIMEOUT_MS,
  })
  getListings(msg: TollMessage<S.ListingsQuery>) {
    return this.registry.listings(msg.input, msg.caller.ip);
  }

  @TollRoute({
    operationId: 'registry.getSnapshot',
    method: 'GET',
    path: '/registry.json',
    summary: 'Static snapshot of the four operator-verified listings, with registry_updated',
    asks: [
      'download the registry as one static JSON file',
      'a copy of the verified listings I can cache offline',
      'the registry.json file with the operator-checked services',
      'export the curated directory to mirror it',
      'grab registry.json for offline use',
      'static file of the trusted listings',
      'every listing at once, unfiltered and unranked',
      'all registry entries with no query or filter applied',
    ],
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
    description:
      'accepted_terms must be true and is not published. One listing per endpoint_url. Too many submissions → ' +
      '429 with Retry-After.',
    asks: [
      'publish my API in the public registry',
      'add my service to the directory with its price and auth method',
      'list a new paid endpoint so other agents can find it',
      'submit an entry for my tool with contact details',
      'advertise my x402 service in the catalog',
      "register my company's API as a new listing",
      'how do I get my endpoint into the registry',
    ],
    price: PRICES.submit,
    input: S.SubmitInput,
    output: S.SubmitOutput,
    timeoutMs: TIMEOUT_MS,
    errors: ['RATE_LIMITED'],
  })
  submit(msg: TollMessage<S.SubmitInput>) {
    return this.registry.submit(msg.input, msg.caller.ip);
  }

  @TollRoute({
    operationId: 'registry.submitQuestionnaire',
    method: 'POST',
    path: '/api/questionnaire',
    summary: 'Demand-research answers (at most 50, 8 KB); stored privately and never published',
    asks: [
      'answer the demand research survey',
      'send my feedback on which services I would pay for',
      'fill in the questionnaire about what agents need',
      'private survey answers that are never published',
      'tell you which data I would buy',
      'respond to the research form about agent needs',
    ],
    price: PRICES.submitQuestionnaire,
    input: S.QuestionnaireInput,
    output: S.QuestionnaireOutput,
    timeoutMs: TIMEOUT_MS,
    errors: ['RATE_LIMITED'],
  })
  submitQuestionnaire(msg: TollMessage<S.QuestionnaireInput>) {
    return this.registry.submitQuestionnaire(msg.input, msg.caller.ip);
  }

  @TollRoute({
    operationId: 'registry.getHealth',
    method: 'GET',
    path: '/toll/registry/health',
    summary: 'Discovery Registry status (database, prober, rate limits, listing counts) and endpoint catalog',
    asks: [
      'is the registry up',
      'status of the services directory, its database and prober',
      'how many listings does the registry hold and is it healthy',
      'is the listings catalog working right now',
      'is the registry database and uptime prober ok',
      'registry listing counts and rate limits',
    ],
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.HealthOutput,
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
