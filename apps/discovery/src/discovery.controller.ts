import { Controller } from '@nestjs/common';
import type { TollMessage } from '@toll/contracts';
import { TollRoute } from '@toll/platform';
import * as S from './discovery.schemas';
import { DiscoveryService } from './discovery.service';
import { PRICES } from './pricing';

// Everything is local (an in-memory index, one Postgres query at most), so answers are quick.
const TIMEOUT_MS = 5_000;

@Controller()
export class DiscoveryController {
  constructor(private readonly discovery: DiscoveryService) {}

  @TollRoute({
    operationId: 'discovery.register',
    method: 'POST',
    path: '/toll/discovery/register',
    summary: 'Register a tool or API in the discovery index so agents can find it by capability',
    description:
      'Idempotent per endpoint and name: registering the same pair again updates the description, price, tags ' +
      'and schema URL ' +
      '(created: false). Entries are published at once, labelled unverified, and ranked after every verified ' +
      'tool. New entries are ' +
      'rate-limited per client network.',
    asks: [
      'register my tool so agents can discover it',
      'add my API to the search index with a price per call',
      'make my endpoint findable by capability',
      'index a new service with tags and a schema link',
      'put my web service in the discovery index',
      'announce my paid endpoint to the tool index',
      'submit a tool with its price so the matcher can return it',
    ],
    price: PRICES.register,
    input: S.RegisterInput,
    output: S.RegisterOutput,
    timeoutMs: TIMEOUT_MS,
    errors: ['RATE_LIMITED'],
  })
  register(msg: TollMessage<S.RegisterInput>) {
    return this.discovery.register(msg.input, msg.caller.ip);
  }

  @TollRoute({
    operationId: 'discovery.search',
    method: 'GET',
    path: '/toll/discovery/search',
    summary:
      'Free search teaser over Toll routes, the discovery index and registry listings: the same ranking as ' +
      'match, with names, one-line summaries and paths',
    asks: [
      'free keyword search for tools',
      'which listed APIs mention a given word',
      'look for endpoints about a term and cap the number of hits',
      'quick lookup of which API does something, without paying',
      'search the tool index by keywords and get paths',
      'services whose text contains a particular keyword',
      'browse tools by a keyword for free',
      'cheap preview of which endpoints exist for a topic',
    ],
    price: PRICES.search,
    input: S.SearchInput,
    output: S.SearchOutput,
    timeoutMs: TIMEOUT_MS,
  })
  search(msg: TollMessage<S.SearchInput>) {
    return this.discovery.search(msg.input);
  }

  @TollRoute({
    operationId: 'discovery.match',
    method: 'POST',
    path: '/toll/discovery/match',
    summary:
      'Match a plain-language task to the best tools: ranked, scored, with the reasons, price and how to call each',
    description:
      'Searches Toll routes (from the live route manifests), discovery index entries and registry listings: BM25 ' +
      'with field boosts, ' +
      'stemming, synonyms, prefix and fuzzy matching, plus a semantic score from offline word vectors, and the ' +
      'closeness of the task to ' +
      'the ways users ask for each operation (by words and by sentence meaning); our own registry listings are ' +
      "ranked as their groups' operations. Verified tools rank before unverified ones; each result says why it " +
      'matched, its price ' +
      '(decimal USD string and unit) and whether its group can serve it now; no_good_match says when nothing ' +
      'fits well. max_price is ' +
      'always enforced on the smallest payment a caller must make (a whole block for a block price): tools above ' +
      'it, or whose price ' +
      'is not stated, are left out.',
    asks: [
      'which API should I call for this job',
      'recommend the best service for a task described in plain English',
      'find me a tool that can do this under a budget',
      'rank services that could solve my problem, with prices',
      'what paid endpoint fits what I am trying to do',
      'pick the right service for transcribing audio',
      'I have a job to do, which tool costs least and fits',
      'suggest APIs that could answer my question',
    ],
    price: PRICES.match,
    input: S.MatchInput,
    output: S.MatchOutput,
    timeoutMs: TIMEOUT_MS,
  })
  match(msg: TollMessage<S.MatchInput>) {
    return this.discovery.match(msg.input);
  }

  @TollRoute({
    operationId: 'discovery.getHealth',
    method: 'GET',
    path: '/toll/discovery/health',
    summary: 'Discovery service info, the full endpoint catalog, index sizes and source status',
    asks: [
      'is the discovery service working',
      'how many tools are in the discovery index',
      'status of the tool matcher and its sources',
      'full catalog of endpoints known to discovery',
      'is the tool finder healthy and are its sources reachable',
      'index size of the discovery service',
    ],
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.HealthOutput,
    timeoutMs: TIMEOUT_MS,
  })
  getHealth() {
    return this.discovery.health();
  }
}
