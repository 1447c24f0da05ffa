import { Controller } from '@nestjs/common';
import type { TollMessage } from '@toll/contracts';
import { TollRoute } from '@toll/platform';
import * as S from './news.schemas';
import { NewsService } from './news.service';
import { PRICES } from './pricing';

// GDELT calls wait for a slot in a queue spaced 5.5 s apart, so the routes that use it get room for a turn or two.
const GDELT_ROUTE_TIMEOUT_MS = 15_000;

@Controller()
export class NewsController {
  constructor(private readonly news: NewsService) {}

  @TollRoute({
    operationId: 'news.search',
    method: 'GET',
    path: '/toll/news/search',
    summary:
      'Search worldwide online news (65 languages) from the last 1-30 days, newest first, with an optional ' +
      'language filter',
    description:
      'Source: the GDELT DOC 2.0 index (titles and links, no article text). When GDELT fails, English-language ' +
      'queries fall back to ' +
      'Hacker News stories (tech news only), named in `source` and `fallback_reason`. Answers are cached for 15 ' +
      'minutes; when every ' +
      'source fails, a cached answer up to 24 hours old is served with stale: true, as_of and reason.',
    asks: [
      'latest news about a company',
      'articles mentioning inflation from the last week',
      'find press coverage of an event in Spanish',
      'recent headlines about an election',
      'search world news by keyword and language',
      'coverage of a company in French-language press',
      'press articles on a topic from the past days',
      'what are outlets saying about a company',
    ],
    price: PRICES.search,
    input: S.SearchInput,
    output: S.SearchOutput,
    timeoutMs: GDELT_ROUTE_TIMEOUT_MS,
    sources: ['gdelt', 'hn-algolia'],
    errors: ['UPSTREAM_ERROR'],
  })
  search(msg: TollMessage<S.SearchInput>) {
    return this.news.search(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'news.getTrending',
    method: 'GET',
    path: '/toll/news/trending',
    summary: 'Topics drawing the most attention over the last 1-7 complete days, ranked',
    description:
      'GDELT has no trending mode, so trending is defined as the English Wikipedia articles with the most page ' +
      'views summed over the ' +
      'window (Wikimedia "most read" lists, which track the news). Fallback: Hacker News stories of the window ' +
      'ranked by points ' +
      '(tech news only). `metric` and `definition` say which ranking you got. Cached for 30 minutes, served ' +
      'stale up to 24 hours.',
    asks: [
      'what topics are trending in the news',
      'biggest stories of the past few days',
      'what is everyone talking about today',
      'most covered subjects this week',
      'hot topics in world news',
      'top news themes over the last days',
    ],
    price: PRICES.getTrending,
    input: S.TrendingInput,
    output: S.TrendingOutput,
    timeoutMs: 10_000,
    sources: ['wikimedia', 'hn-algolia'],
    errors: ['UPSTREAM_ERROR'],
  })
  getTrending(msg: TollMessage<S.TrendingInput>) {
    return this.news.trending(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'news.getTimeline',
    method: 'GET',
    path: '/toll/news/timeline',
    summary:
      'News volume over time for a query: matching article count and share of all coverage per interval, last ' +
      '1-90 days',
    description:
      'Source: GDELT DOC 2.0 TimelineVolRaw; GDELT picks the interval length (`resolution`). No fallback ' +
      'provider: cached for 1 hour, ' +
      'served stale up to 24 hours when GDELT fails.',
    asks: [
      'how has media coverage of a topic changed over time',
      'news volume about a subject by day',
      'spike in articles about a keyword',
      'share of news mentioning something over 90 days',
      'coverage trend of a keyword over time',
      'reporting on a subject across recent days, laid out as a timeline',
      'how many articles per day mention a topic',
    ],
    price: PRICES.getTimeline,
    input: S.TimelineInput,
    output: S.TimelineOutput,
    timeoutMs: GDELT_ROUTE_TIMEOUT_MS,
    sources: ['gdelt'],
    errors: ['UPSTREAM_ERROR'],
  })
  getTimeline(msg: TollMessage<S.TimelineInput>) {
    return this.news.timeline(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'news.getHealth',
    method: 'GET',
    path: '/toll/news/health',
    summary: 'News service status: sources, GDELT queue depth, cache, prices and endpoint catalog',
    asks: [
      'is the news service up',
      'status of the news search and its sources',
      'news API queue and cache status',
      'is the headline service working',
      'news service queue depth and sources',
      'is news search working',
    ],
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.HealthOutput,
    timeoutMs: 2_000,
  })
  getHealth() {
    return this.news.health();
  }
}
