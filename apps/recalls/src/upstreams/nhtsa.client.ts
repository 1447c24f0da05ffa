// NHTSA recalls API (https://api.nhtsa.gov/recalls/recallsByVehicle) and vPIC VIN decoding
// (https://vpic.nhtsa.dot.gov/api/, DecodeVinValues); upstreams.md §14e. Keyless, fair use; public domain.
// Odd shapes: the list key is `results` on the recalls API and `Results` on vPIC (case varies by endpoint);
// ReportReceivedDate is dd/mm/yyyy; older answers spell Consequence "Conequence"; parkIt and friends may be
// booleans or "True"/"False"; vPIC answers 200 with empty strings for a VIN it cannot decode, and says why in
// ErrorText. A vehicle with no recalls is {Count: 0, results: []}.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, JsonLogger } from '@toll/platform';
import { createUpstream, type Upstream } from '@toll/upstream';
import { z } from 'zod';
import type { RecallsConfig } from '../config';
import type { Recall, VehicleRecall } from '../recalls.schemas';
import type { RecallPage } from './openfda.client';

const Flag = z.union([z.boolean(), z.string()]).nullable().optional();
const Str = z.string().nullable().optional();
const Campaign = z.object({
  Manufacturer: Str,
  NHTSACampaignNumber: z.string(),
  ReportReceivedDate: Str,
  Component: Str,
  Summary: Str,
  Consequence: Str,
  Conequence: Str,
  Remedy: Str,
  Notes: Str,
  ModelYear: Str,
  Make: Str,
  Model: Str,
  parkIt: Flag,
  parkOutSide: Flag,
  overTheAirUpdate: Flag,
});
// GetModelsForMakeYear: the models vPIC knows a make sold in a model year; no Results for a make or year it does not
// know.
const Models = z.object({ Results: z.array(z.object({ Model_Name: z.string() })) });
const Campaigns = z.object({ results: z.array(Campaign).optional(), Results: z.array(Campaign).optional() });

const Decoded = z.object({
  Results: z.array(
    z
      .object({
        Make: Str,
        Model: Str,
        ModelYear: Str,
        Manufacturer: Str,
        BodyClass: Str,
        PlantCountry: Str,
        ErrorCode: Str,
        ErrorText: Str,
      })
      .passthrough(),
  ),
});

export interface DecodedVin {
  make: string | null;
  model: string | null;
  year: number | null;
  manufacturer: string | null;
  body_class: string | null;
  plant_country: string | null;
  decode_note: string | null;
}

type Campaign = z.infer<typeof Campaign>;

const text = (s: string | null | undefined) => (s && s.trim() ? s.trim() : null);
const flag = (v: z.infer<typeof Flag>) => v === true || (typeof v === 'string' && v.toLowerCase() === 'true');
// dd/mm/yyyy → yyyy-mm-dd
const day = (s: string | null | undefined) => {
  const m = s?.match(/^(\d{2})\/(\d{2})\/(\d{4})$/);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
};

const vehicleOf = (c: Campaign) => [[c.ModelYear, c.Make, c.Model].map(text).filter(Boolean).join(' ')].filter(Boolean);

function recallOf(c: Campaign): Recall {
  return {
    id: `nhtsa:${c.NHTSACampaignNumber}`,
    source: 'nhtsa',
    source_id: c.NHTSACampaignNumber,
    category: 'vehicle',
    title: [text(c.Component), vehicleOf(c)[0]].filter(Boolean).join(' — ') || c.NHTSACampaignNumber,
    reason: text(c.Summary),
    hazard: text(c.Consequence) ?? text(c.Conequence),
    classification: null,
    firm: text(c.Manufacturer),
    products: vehicleOf(c),
    dates: { initiated: null, reported: day(c.ReportReceivedDate), terminated: null },
    distribution: null,
    status: null,
    remedy: text(c.Remedy),
    link: `https://www.nhtsa.gov/recalls?nhtsaId=${encodeURIComponent(c.NHTSACampaignNumber)}`,
  };
}

@Injectable()
export class NhtsaClient {
  private readonly recallsApi: Upstream;
  private readonly vpic: Upstream;

  constructor(@Inject(APP_CONFIG) config: RecallsConfig, @Inject(JsonLogger) logger: JsonLogger) {
    const common = {
      timeoutMs: config.RECALLS_NHTSA_TIMEOUT_MS,
      userAgent: config.RECALLS_USER_AGENT,
      governor: { ratePerSecond: config.RECALLS_NHTSA_RATE_PER_SECOND, burst: 2 },
      log: (event: string, fields: Record<string, unknown>) =>
        logger.event(event === 'upstream failure' ? 'warn' : 'debug', event, fields),
    };
    this.recallsApi = createUpstream({ name: 'nhtsa-recalls', baseUrls: [config.RECALLS_NHTSA_URL], ...common });
    this.vpic = createUpstream({ name: 'nhtsa-vpic', baseUrls: [config.RECALLS_VPIC_URL], ...common });
  }

  // Every recall campaign NHTSA lists for the make, model and model year, newest first.
  async recalls(make: string, model: string, year: number, deadline: number): Promise<VehicleRecall[]> {
    const found = await this.recallsApi.getJson(
      '/recalls/recallsByVehicle',
      { make, model, modelYear: year },
      Campaigns,
      { deadline },
    );
    const rows = (found.results ?? found.Results ?? []).map((c): VehicleRecall => ({
      ...recallOf(c),
      component: text(c.Component),
      park_it: flag(c.parkIt),
      park_outside: flag(c.parkOutSide),
      over_the_air_update: flag(c.overTheAirUpdate),
      notes: text(c.Notes),
    }));
    return rows.sort((a, b) => (b.dates.reported ?? '').localeCompare(a.dates.reported ?? ''));
  }

  // One campaign by its number: NHTSA answers one row per vehicle it covers, merged here into one recall.
  async campaign(
    campaignNumber: string,
    window: { from?: string; to?: string },
    deadline: number,
  ): Promise<RecallPage> {
    const found = await this.recallsApi.getJson('/recalls/campaignNumber', { campaignNumber }, Campaigns, { deadline });
    const rows = found.results ?? found.Results ?? [];
    if (!rows.length) return { total: 0, recalls: [] };
    const recall: Recall = {
      ...recallOf(rows[0]),
      title:
        [text(rows[0].Component), text(rows[0].Manufacturer)].filter(Boolean).join(' — ') ||
        rows[0].NHTSACampaignNumber,
    };
    recall.products = [...new Set(rows.flatMap((c) => vehicleOf(c)))];
    const reported = recall.dates.reported;
    const inWindow = !reported || ((!window.from || reported >= window.from) && (!window.to || reported <= window.to));
    return inWindow ? { total: 1, recalls: [recall] } : { total: 0, recalls: [] };
  }

  async models(make: string, year: number, deadline: number): Promise<string[]> {
    const found = await this.vpic.getJson(
      `/vehicles/GetModelsForMakeYear/make/${encodeURIComponent(make)}/modelyear/${year}`,
      { format: 'json' },
      Models,
      { deadline },
    );
    return found.Results.map((r) => r.Model_Name);
  }

  async decodeVin(vin: string, deadline: number): Promise<DecodedVin> {
    const found = await this.vpic.getJson(`/vehicles/DecodeVinValues/${vin}`, { format: 'json' }, Decoded, {
      deadline,
    });
    const r = found.Results[0] ?? {};
    const year = Number(text(r.ModelYear));
    return {
      make: text(r.Make),
      model: text(r.Model),
      year: Number.isInteger(year) && year > 0 ? year : null,
      manufacturer: text(r.Manufacturer),
      body_class: text(r.BodyClass),
      plant_country: text(r.PlantCountry),
      decode_note: text(r.ErrorText),
    };
  }
}
