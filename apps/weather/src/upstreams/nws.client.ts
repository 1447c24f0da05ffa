// NWS active alerts — https://www.weather.gov/documentation/services-web-api (docs/upstreams.md §10).
// US Government work, public domain; keyless, but a User-Agent naming the app and a contact is REQUIRED.
// Rate limit unpublished ("generous"); when exceeded, retry after about 5 s. Covers US points only.
// Odd shapes: errors are application/problem+json `{type, title, status, detail, correlationId}`; most
// alert properties (headline, onset, ends, instruction…) may be null, and real alerts often have `ends` null
// and `instruction` null or "" (an empty text is read as null); older alerts name the sender `sender`, not
// `senderName`; an empty `features` is the normal "no active alerts" answer, not an error.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, JsonLogger, upstreamLog } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { WeatherConfig } from '../config';
import type { Point } from '../weather.model';

const RATE_PER_SECOND = 5;

const text = z
  .string()
  .nullish()
  .transform((v) => v || null);
const AlertProperties = z.object({
  id: z.string(),
  event: z.string(),
  headline: text,
  severity: z.string(),
  urgency: z.string(),
  certainty: z.string(),
  status: z.string(),
  messageType: z.string(),
  category: z.string(),
  areaDesc: z.string(),
  sent: z.string(),
  effective: z.string(),
  onset: text,
  expires: text,
  ends: text,
  senderName: text,
  description: text,
  instruction: text,
  response: text,
});
const AlertCollection = z.object({
  type: z.literal('FeatureCollection'),
  updated: text,
  features: z.array(z.object({ properties: AlertProperties })),
});

export interface AlertList {
  updated: string | null;
  alerts: Array<ReturnType<typeof toAlert>>;
}

@Injectable()
export class NwsClient {
  readonly id = 'nws';
  readonly baseUrl: string;
  private readonly api: Upstream;

  constructor(@Inject(APP_CONFIG) config: WeatherConfig, @Inject(JsonLogger) logger: JsonLogger) {
    this.baseUrl = config.WEATHER_NWS_BASE_URL;
    this.api = createUpstream({
      name: this.id,
      baseUrls: [this.baseUrl],
      timeoutMs: config.WEATHER_NWS_TIMEOUT_MS,
      userAgent: config.WEATHER_USER_AGENT,
      headers: { accept: 'application/geo+json' },
      governor: { ratePerSecond: RATE_PER_SECOND, burst: RATE_PER_SECOND },
      log: upstreamLog(logger),
    });
  }

  async activeAlerts(p: Point, deadline: number): Promise<AlertList> {
    const body = await this.api.getJson('alerts/active', { point: `${p.latitude},${p.longitude}` }, AlertCollection, {
      deadline,
    });
    return { updated: body.updated, alerts: body.features.map((f) => toAlert(f.properties)) };
  }
}

function toAlert(a: z.infer<typeof AlertProperties>) {
  return {
    id: a.id,
    event: a.event,
    headline: a.headline,
    severity: a.severity,
    urgency: a.urgency,
    certainty: a.certainty,
    status: a.status,
    message_type: a.messageType,
    category: a.category,
    area: a.areaDesc,
    sent: a.sent,
    effective: a.effective,
    onset: a.onset,
    expires: a.expires,
    ends: a.ends,
    sender: a.senderName,
    description: a.description,
    instruction: a.instruction,
    response: a.response,
  };
}
