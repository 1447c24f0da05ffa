// USPTO TSDR case status — https://developer.uspto.gov/api-catalog/tsdr-data-api (docs/upstreams.md §14g).
// US Government work, public domain. Free API key in the USPTO-API-KEY header; no key gives 401. About 60 status
// calls a minute per key. GET /ts/cd/casestatus/sn{serial}/info.xml (or rn{registration}) answers WIPO ST.66 XML:
// Transaction › … › TradeMark { ApplicationNumber, ApplicationDate, RegistrationNumber, RegistrationDate,
// MarkCurrentStatusCode, MarkCurrentStatusDate, KindMark, MarkFeature, WordMarkSpecification.MarkVerbalElementText,
// GoodsServicesDetails.GoodsServices[ClassNumber, GoodsServicesDescription, ns2:ClassNumberStatusDescriptionText],
// PublicationDetails, RepresentativeDetails, MarkEventDetails.MarkEvent[MarkEventDate, MarkEventCode,
// ns2:MarkEventInternalDescriptionText], TradeMarkExt.ns2:MarkCurrentStatusExternalDescriptionText } and
// ApplicantDetails.Applicant[…, ns2:PartyTypeCode, ns2:PartyTypeDescriptionText]. Dates look like "2000-05-09-04:00".
import { Inject, Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import { createUpstream, replayActive, type Upstream } from '@toll/upstream';
import type { TrademarksConfig } from '../config';
import { elements, text, texts } from '../xml';

export interface CaseStatus {
  serial: string;
  registration_number: string | null;
  mark: string | null;
  kind: string | null;
  mark_feature: string | null;
  register: string | null;
  status: { code: string | null; date: string | null; description: string | null };
  dates: { filed: string | null; published: string | null; registered: string | null };
  owner: string | null;
  parties: Array<{ role: string | null; name: string; legal_entity: string | null; country: string | null }>;
  attorney: string | null;
  classes: Array<{
    class: number | null;
    goods_and_services: string | null;
    status: string | null;
    first_use: string | null;
    first_use_in_commerce: string | null;
  }>;
  events: Array<{ date: string | null; code: string | null; description: string | null }>;
}

const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null);
const ymd = (v: string | null) =>
  v && /^\d{8}$/.test(v) ? `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}` : null;

@Injectable()
export class TsdrClient {
  readonly id = 'tsdr';
  readonly baseUrl: string;
  readonly configured: boolean;
  private readonly api: Upstream;

  constructor(@Inject(APP_CONFIG) config: TrademarksConfig, @Inject(JsonLogger) logger: JsonLogger) {
    this.baseUrl = config.TRADEMARKS_TSDR_BASE_URL;
    // Replay mode answers from fixtures, so a demo needs no key.
    this.configured = Boolean(config.TRADEMARKS_TSDR_API_KEY) || replayActive();
    this.api = createUpstream({
      name: this.id,
      baseUrls: [this.baseUrl],
      timeoutMs: config.TRADEMARKS_TSDR_TIMEOUT_MS,
      userAgent: config.TRADEMARKS_USER_AGENT,
      headers: {
        accept: 'application/xml',
        ...(config.TRADEMARKS_TSDR_API_KEY ? { 'uspto-api-key': config.TRADEMARKS_TSDR_API_KEY } : {}),
      },
      governor: { ratePerSecond: config.TRADEMARKS_TSDR_RATE_PER_SECOND },
      log: upstreamLog(logger),
    });
  }

  // `case` is "sn<serial>" or "rn<registration>". An unknown number is TSDR's 404, which is NOT_FOUND here.
  async status(caseId: string, deadline: number): Promise<CaseStatus> {
    let xml: string;
    try {
      xml = await this.api.getText(`ts/cd/casestatus/${caseId}/info.xml`, {}, { deadline });
    } catch (e) {
      if (e instanceof TollError && e.details?.status === 404)
        throw new TollError('NOT_FOUND', `The trademark office has no case ${caseId}`);
      throw e;
    }
    return parseStatus(xml);
  }
}

export function parseStatus(xml: string): CaseStatus {
  const mark = elements(xml, 'TradeMark')[0];
  const serial = mark && text(mark, 'ApplicationNumber');
  if (!mark || !serial)
    throw new TollError('UPSTREAM_ERROR', 'tsdr answered without a TradeMark/ApplicationNumber', { upstream: 'tsdr' });
  const parties = elements(xml, 'Applicant').map((a) => ({
    code: Number(text(a, 'PartyTypeCode') ?? 0),
    role: text(a, 'PartyTypeDescriptionText'),
    name: texts(a, 'FreeFormatNameLine').join(' '),
    legal_entity: text(a, 'ApplicantLegalEntity'),
    country: text(a, 'ApplicantIncorporationCountryCode'),
  }));
  const representatives = elements(mark, 'Representative');
  const attorney = representatives.find((r) => text(r, 'Comment') === 'Attorney of Record');
  return {
    serial,
    registration_number: text(mark, 'RegistrationNumber'),
    mark: text(mark, 'MarkVerbalElementText'),
    kind: text(mark, 'KindMark'),
    mark_feature: text(mark, 'MarkFeature'),
    register: text(mark, 'RegisterCategory'),
    status: {
      code: text(mark, 'MarkCurrentStatusCode'),
      date: day(text(mark, 'MarkCurrentStatusDate')),
      description: text(mark, 'MarkCurrentStatusExternalDescriptionText'),
    },
    dates: {
      filed: day(text(mark, 'ApplicationDate')),
      published: day(text(mark, 'PublicationDate')),
      registered: day(text(mark, 'RegistrationDate')),
    },
    // The party with the highest party-type code is the latest owner (10 applicant, 20 owner at publication, 30
    // registrant, higher: later owners).
    owner: [...parties].sort((a, b) => b.code - a.code)[0]?.name || null,
    parties: parties.map(({ role, name, legal_entity, country }) => ({ role, name, legal_entity, country })),
    attorney: attorney ? texts(attorney, 'FreeFormatNameLine').join(' ') || null : null,
    classes: elements(mark, 'GoodsServices').map((g) => ({
      class: Number(text(g, 'ClassNumber')) || null,
      goods_and_services: text(g, 'GoodsServicesDescription'),
      status: text(g, 'ClassNumberStatusDescriptionText'),
      first_use: ymd(text(g, 'FirstUseDateNumber')),
      first_use_in_commerce: ymd(text(g, 'FirstUseInCommerceDate')),
    })),
    events: elements(mark, 'MarkEvent').map((e) => ({
      date: day(text(e, 'MarkEventDate')),
      code: text(e, 'MarkEventCode'),
      description: text(e, 'MarkEventInternalDescriptionText'),
    })),
  };
}
