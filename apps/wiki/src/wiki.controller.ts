import { Controller } from '@nestjs/common';
import type { TollMessage } from '@toll/contracts';
import { GroupHealth, TollRoute } from '@toll/platform';
import { PRICES } from './pricing';
import * as S from './wiki.schemas';
import { WikiService } from './wiki.service';

// Room for a search, a summary and a candidate list, each with a fallback, at the upstream timeout.
const LOOKUP_TIMEOUT_MS = 10_000;

const NOT_FOUND_NOTE =
  'A query that resolves to no article answers NOT_FOUND; like every error it leaves the payment unused (the ' +
  'gateway releases the payment hold; the same proof redeems a later call). ' +
  'Content: Wikipedia, CC BY-SA 4.0; each response carries the attribution to show with it.';

@Controller()
export class WikiController {
  constructor(
    private readonly wiki: WikiService,
    private readonly health: GroupHealth,
  ) {}

  @TollRoute({
    operationId: 'wiki.getAnswer',
    method: 'GET',
    path: '/toll/wiki/answer',
    summary:
      'Answer a question or topic from Wikipedia: the resolved page, its summary, URL and whether it is a ' +
      'disambiguation page',
    description:
      'Question words are stripped ("What is the Eiffel Tower?" searches "Eiffel Tower"), the top search hit is ' +
      'the page, and its lead ' +
      'summary is the answer. An ambiguous topic answers disambiguation: true with the candidate pages. ' +
      NOT_FOUND_NOTE,
    asks: [
      'look up a topic on Wikipedia',
      'who was a famous scientist',
      'which year a historical event took place',
      'who invented a well-known machine',
      'short encyclopedia summary of a subject',
      'what is a physics idea, briefly',
      'answer a general knowledge question',
      'encyclopedia answer to a question',
      'what does Wikipedia say about a topic',
      'summary of a famous person',
    ],
    price: PRICES.getAnswer,
    input: S.GetAnswerInput,
    output: S.GetAnswerOutput,
    timeoutMs: LOOKUP_TIMEOUT_MS,
    sources: ['wikipedia'],
    errors: ['NOT_FOUND', 'UPSTREAM_ERROR'],
  })
  getAnswer(msg: TollMessage<S.GetAnswerInput>) {
    return this.wiki.getAnswer(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'wiki.getRelated',
    method: 'GET',
    path: '/toll/wiki/related',
    summary:
      'Articles linked from the Wikipedia page a question or topic resolves to (1-50, default 10, largest first)',
    description:
      'When the link list is unavailable, text-similar articles are returned instead (relation: "similar"). ' +
      NOT_FOUND_NOTE,
    asks: [
      'articles related to a Wikipedia topic',
      'what pages link from the article on a city',
      'further reading on a subject from Wikipedia',
      'topics connected to a concept',
      'linked articles from a wikipedia page',
      'related topics to explore next',
    ],
    price: PRICES.getRelated,
    input: S.GetRelatedInput,
    output: S.GetRelatedOutput,
    timeoutMs: LOOKUP_TIMEOUT_MS,
    sources: ['wikipedia'],
    errors: ['NOT_FOUND', 'UPSTREAM_ERROR'],
  })
  getRelated(msg: TollMessage<S.GetRelatedInput>) {
    return this.wiki.getRelated(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'wiki.getHealth',
    method: 'GET',
    path: '/toll/wiki/health',
    summary: 'Wiki Answers status, upstreams, prices, licence and endpoint catalog',
    asks: [
      'is the wiki answers service up',
      'status of the Wikipedia lookup',
      'is the encyclopedia service working',
      'wiki service licence and upstreams',
      'wiki service upstream status',
      'is the wikipedia answer service working',
    ],
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.HealthOutput,
    timeoutMs: 2_000,
  })
  getHealth() {
    return { ...this.health.describe(), ...this.wiki.health() };
  }
}
