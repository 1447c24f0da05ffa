import { Controller } from '@nestjs/common';
import type { TollMessage } from '@toll/contracts';
import { TollRoute } from '@toll/platform';
import { PRICES } from './pricing';
import * as S from './sec.schemas';
import { SecService } from './sec.service';

// Room for a governor wait, the ticker map and one large company-facts download (several MB for big filers).
const TIMEOUT_MS = 12_000;
const SOURCE =
  'Source: SEC EDGAR (public domain): ticker map, submissions and XBRL company facts, cached (ticker map and ' +
  'facts 24 h, filings 1 h) and ' +
  'fetched at most 8 requests/s across all our replicas under SEC fair-access terms. An unknown ticker is a 404 ' +
  'and the payment stays unused.';

@Controller()
export class SecController {
  constructor(private readonly sec: SecService) {}

  @TollRoute({
    operationId: 'sec.getFundamentals',
    method: 'GET',
    path: '/toll/sec/fundamentals/{ticker}',
    summary:
      'Company fundamentals from SEC filings: revenue, net income, EPS, assets, liabilities, equity, operating ' +
      'cash flow, shares outstanding; latest annual and quarterly, each with period, form, accession number and ' +
      'XBRL concept',
    description: SOURCE,
    asks: [
      'annual revenue and net income of a company from its filings',
      'earnings per share and total assets for a ticker',
      'balance sheet and cash flow figures from 10-K',
      'how profitable is Microsoft according to SEC data',
      'quarterly financial statements of a listed company',
      'net income and EPS of Nvidia last year',
      'company financials from the annual report',
      'total liabilities and equity of a ticker',
    ],
    price: PRICES.getFundamentals,
    input: S.TickerInput,
    output: S.GetFundamentalsOutput,
    timeoutMs: TIMEOUT_MS,
    sources: ['sec'],
    errors: ['NOT_FOUND', 'UPSTREAM_ERROR'],
  })
  getFundamentals(msg: TollMessage<S.TickerInput>) {
    return this.sec.fundamentals(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'sec.getFilings',
    method: 'GET',
    path: '/toll/sec/filings/{ticker}',
    summary:
      "A company's last 10 SEC filings (10-K, 10-Q, 8-K, …) with filing date, report date, accession number and " +
      'EDGAR archive links',
    description: SOURCE,
    asks: [
      'latest SEC filings for a company',
      "links to a company's recent 10-Q and 8-K reports",
      'has this company filed anything with the SEC lately',
      'EDGAR documents for a ticker',
      'list of annual and quarterly reports filed',
      'recent 8-K reports of a company',
      'edgar filing list with accession numbers',
    ],
    price: PRICES.getFilings,
    input: S.TickerInput,
    output: S.GetFilingsOutput,
    timeoutMs: TIMEOUT_MS,
    errors: ['NOT_FOUND', 'UPSTREAM_ERROR'],
  })
  getFilings(msg: TollMessage<S.TickerInput>) {
    return this.sec.filings(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'sec.getHealth',
    method: 'GET',
    path: '/toll/sec/health',
    summary:
      'SEC fundamentals service status, source terms, shared rate governor, tolls, cache stats and endpoint catalog',
    asks: [
      'is the SEC data service up',
      'status of the EDGAR fundamentals service',
      'is the filings lookup working',
      'SEC service rate limits and cache',
      'SEC source status and rate governor',
      'is the edgar-based service ok',
    ],
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.HealthOutput,
    timeoutMs: 2_000,
  })
  getHealth() {
    return this.sec.health();
  }
}
