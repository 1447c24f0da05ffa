import { Controller } from '@nestjs/common';
import type { TollMessage } from '@toll/contracts';
import { TollRoute } from '@toll/platform';
import * as S from './company.schemas';
import { CompanyService } from './company.service';
import { PRICES } from './pricing';

const SOURCES =
  'Sources: SEC EDGAR (public domain: ticker map, submissions, XBRL company facts; at most 8 requests/s across ' +
  'every replica and group) and ' +
  'GLEIF (CC0: LEI records, parents, ISINs), cached 24 h (stale up to 7 days, labelled). An unknown company is a ' +
  '404 and the payment stays unused.';

@Controller()
export class CompanyController {
  constructor(private readonly company: CompanyService) {}

  @TollRoute({
    operationId: 'company.getSnapshot',
    method: 'GET',
    path: '/toll/company/snapshot',
    summary:
      'Company profile and overview by ticker, CIK, LEI or exact name: legal name, identifiers (ticker, ' +
      'exchange, CIK, LEI, ISINs), industry, addresses, jurisdiction, legal form, status, parent companies, ' +
      'year-end and headline financials with the filing reference',
    description: SOURCES,
    asks: [
      'company profile for a ticker',
      'legal name, industry and headquarters of a business',
      'identifiers of a company: CIK, LEI and ISIN',
      'overview of Tesla as a company',
      'where is a company incorporated and registered',
      'what industry is a company in and where is it based',
      'LEI and ISIN codes of a firm',
      'corporate profile by CIK',
    ],
    price: PRICES.getSnapshot,
    input: S.SnapshotInput,
    output: S.GetSnapshotOutput,
    sources: ['sec', 'gleif'],
    timeoutMs: 15_000,
    errors: ['NOT_FOUND', 'UPSTREAM_ERROR'],
  })
  getSnapshot(msg: TollMessage<S.SnapshotInput>) {
    return this.company.snapshot(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'company.search',
    method: 'GET',
    path: '/toll/company/search',
    summary:
      'Find companies by name and resolve a business name to its ticker and identifiers: fuzzy match on legal ' +
      'names in SEC and GLEIF, ranked candidates with ticker, CIK, LEI and the reason each matched',
    description: SOURCES,
    asks: [
      'find the ticker for a company name',
      'which ticker belongs to a firm I only half remember',
      'which company is called something like Acme',
      'resolve a business name to its stock symbol',
      'look up companies matching a name',
      'search for a firm by partial name',
      'fuzzy company name lookup',
      'find the stock symbol of a business',
    ],
    price: PRICES.search,
    input: S.SearchInput,
    output: S.SearchOutput,
    sources: ['sec', 'gleif'],
    timeoutMs: 10_000,
    errors: ['NOT_FOUND', 'UPSTREAM_ERROR'],
  })
  search(msg: TollMessage<S.SearchInput>) {
    return this.company.search(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'company.getHealth',
    method: 'GET',
    path: '/toll/company/health',
    summary:
      'Company snapshot service status, source terms, shared rate governors, tolls, cache stats and endpoint catalog',
    asks: [
      'is the company profile service up',
      'status of the company lookup service',
      'is the business snapshot service working',
      'company service rate limits',
      'company snapshot sources status',
      'is the company search working',
    ],
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.HealthOutput,
    timeoutMs: 2_000,
  })
  getHealth() {
    return this.company.health();
  }
}
