import { Controller } from '@nestjs/common';
import type { TollMessage } from '@toll/contracts';
import { TollRoute } from '@toll/platform';
import { PRICES } from './pricing';
import * as S from './trademarks.schemas';
import { TrademarksService } from './trademarks.service';

// A status may wait on the TSDR rate limit and one slow answer; a search runs on the local index only.
const STATUS_TIMEOUT_MS = 10_000;
const SEARCH_TIMEOUT_MS = 8_000;
const KEYS =
  'Needs free USPTO API keys on the deployment (TSDR for status, Open Data Portal for the search index); without ' +
  'one, the route ' +
  'answers 503 SERVICE_UNAVAILABLE before any payment, and health lists it under "unavailable".';

@Controller()
export class TrademarksController {
  constructor(private readonly trademarks: TrademarksService) {}

  @TollRoute({
    operationId: 'trademarks.getStatus',
    method: 'GET',
    path: '/toll/trademarks/status',
    summary:
      'Status of a US trademark by serial or registration number: mark, status with date and meaning, owner, ' +
      'classes with goods and services, key dates, prosecution history',
    description:
      `Source: USPTO TSDR (public domain), cached 24 h (served up to 7 days more, labelled stale, when TSDR is ` +
      `down). An unknown number is 404 and the payment stays unused. ${KEYS}`,
    asks: [
      'status of a US trademark registration number',
      'is this trademark still registered or abandoned',
      'who owns trademark serial 97123456',
      "check a USPTO mark's status and dates",
      'when does a trademark registration need renewal',
      'trademark registration status by number',
      'is a US trademark live or dead',
      'owner and classes of a registered mark',
    ],
    price: PRICES.getStatus,
    input: S.StatusInput,
    output: S.StatusOutput,
    timeoutMs: STATUS_TIMEOUT_MS,
    errors: ['NOT_FOUND', 'UPSTREAM_ERROR'],
  })
  getStatus(msg: TollMessage<S.StatusInput>) {
    return this.trademarks.status(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'trademarks.searchMarks',
    method: 'GET',
    path: '/toll/trademarks/search',
    summary:
      'Marks similar to a name in given classes: exact, sound-alike (phonetic) and fuzzy (typo) matches over US ' +
      'trademark applications, ranked, each with its reason',
    description:
      "Runs on a local index built from the USPTO's daily application files (public domain) by a scheduled " +
      'ingest; the answer carries the ' +
      `index as_of and the newest file date. A screening aid, not a clearance opinion. ${KEYS}`,
    asks: [
      'is my brand name already trademarked',
      'find similar trademarks to a name',
      'trademark clearance search for a new product name',
      'sound-alike marks in class 9',
      'can I register this name as a trademark',
      'search trademarks similar to my product name',
      'does a brand name conflict with existing marks',
    ],
    price: PRICES.searchMarks,
    input: S.SearchInput,
    output: S.SearchOutput,
    timeoutMs: SEARCH_TIMEOUT_MS,
    errors: ['UPSTREAM_ERROR'],
  })
  searchMarks(msg: TollMessage<S.SearchInput>) {
    return this.trademarks.search(msg.input);
  }

  @TollRoute({
    operationId: 'trademarks.getHealth',
    method: 'GET',
    path: '/toll/trademarks/health',
    summary:
      'Trademark service status, sources with licence terms and key configuration, ingest state, tolls, cache ' +
      'stats and endpoint catalog',
    asks: [
      'is the trademark service up',
      'status of the trademark search and ingest',
      'is the USPTO lookup working',
      'trademark data freshness',
      'trademark data ingest status',
      'trademark service configuration and freshness',
    ],
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.HealthOutput,
    timeoutMs: 3_000,
  })
  getHealth() {
    return this.trademarks.health();
  }
}
