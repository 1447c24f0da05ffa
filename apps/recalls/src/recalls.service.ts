import { Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';
import {
  allSourcesFailed,
  combinedFreshness,
  failureOf,
  SourceStatus,
  SwrCache,
  type CachePolicy,
  type Cached,
} from '@toll/upstream';
import * as S from './recalls.schemas';
import { CpscClient } from './upstreams/cpsc.client';
import { NhtsaClient, type DecodedVin } from './upstreams/nhtsa.client';
import { OpenFdaClient, type FdaFilter, type RecallPage } from './upstreams/openfda.client';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Recall lists (upstreams.md §16): openFDA updates weekly, CPSC and NHTSA daily.
const RECALLS: CachePolicy = { freshMs: 6 * HOUR, staleMs: 7 * DAY };
// A VIN always decodes to the same vehicle.
const VIN: CachePolicy = { freshMs: 30 * DAY, staleMs: 365 * DAY };
// How many of vPIC's model names an unknown-vehicle error lists.
const MODELS_NAMED = 50;
// vPIC writes "CR-V", an agent "crv" or "CR V": one model whatever its case, spaces and hyphens.
const sameModel = (a: string, b: string) =>
  a.replace(/[\s-]+/g, '').toLowerCase() === b.replace(/[\s-]+/g, '').toLowerCase();
const CACHE_MAX_ENTRIES = 10_000;

type Dataset = S.SearchOutput['sources'][number]['dataset'];
const DATASET_OF: Record<S.SearchCategory, Dataset> = {
  food: 'fda-food',
  drug: 'fda-drug',
  device: 'fda-device',
  consumer: 'cpsc',
  vehicle: 'nhtsa',
};
const TEXT_CATEGORIES: S.SearchCategory[] = ['food', 'drug', 'device', 'consumer'];

const ATTRIBUTION = {
  openfda:
    'U.S. Food and Drug Administration, openFDA enforcement reports (CC0); not for medical decisions or official ' +
    'alerts',
  cpsc: 'U.S. Consumer Product Safety Commission, saferproducts.gov (public domain)',
  nhtsa: 'U.S. National Highway Traffic Safety Administration, api.nhtsa.gov and vPIC (public domain)',
};
const SOURCES: Array<{ name: S.SourceName; role: string; licence: string; terms: string }> = [
  {
    name: 'openfda',
    role: 'search: FDA food, drug and device enforcement reports',
    licence: 'CC0 1.0; openFDA asks that it not be relied on for medical care decisions or as an official alert',
    terms:
      'Keyless: 240 requests/min and 1,000/day per IP; a free key (RECALLS_OPENFDA_API_KEY) raises the day to 120,000',
  },
  {
    name: 'cpsc',
    role: 'search: consumer product recalls',
    licence: 'U.S. government work, public domain',
    terms: 'Keyless; fair use (no published rate)',
  },
  {
    name: 'nhtsa-recalls',
    role: 'vehicle and VIN: recall campaigns by make, model and year; search: a campaign by its number',
    licence: 'U.S. government work, public domain',
    terms: 'Keyless; fair use (no published rate)',
  },
  {
    name: 'nhtsa-vpic',
    role: 'VIN: decoding to make, model and year',
    licence: 'U.S. government work, public domain',
    terms: 'Keyless; fair use (no published rate)',
  },
];

const VEHICLE_NOTE =
  "NHTSA lists recall campaigns for a make, model and model year; whether a given vehicle's repair is done is " +
  'known only to the manufacturer (check its VIN lookup or nhtsa.gov/recalls).';

const fulfilled = <T>(r: PromiseSettledResult<T>): r is PromiseFulfilledResult<T> => r.status === 'fulfilled';

@Injectable()
export class RecallsService {
  // Date.now is read at call time, so the clock a test moves is the clock the cache sees.
  private readonly cache = new SwrCache(CACHE_MAX_ENTRIES, () => Date.now());
  private readonly status = new SourceStatus<S.SourceName>();

  constructor(
    private readonly fda: OpenFdaClient,
    private readonly cpsc: CpscClient,
    private readonly nhtsa: NhtsaClient,
  ) {}

  async search(input: S.SearchInput, deadline: number): Promise<S.SearchOutput> {
    const categories = input.category ? [input.category] : this.defaultCategories(input);
    const filter = {
      q: input.q,
      from: input.from,
      to: input.to,
      classification: input.classification,
      limit: input.limit,
    };
    const key = JSON.stringify([
      input.q.toLowerCase(),
      input.from ?? null,
      input.to ?? null,
      input.classification ?? null,
      input.limit,
    ]);
    const settled = await Promise.allSettled(
      categories.map((category) =>
        this.cache.get<RecallPage>(`${DATASET_OF[category]}:${key}`, RECALLS, () =>
          this.searchDataset(category, filter, deadline),
        ),
      ),
    );
    if (!settled.some(fulfilled))
      throw allSourcesFailed(
        'No recall dataset answered',
        settled.map((r, i) => failureOf(DATASET_OF[categories[i]], (r as PromiseRejectedResult).reason)),
      );
    const answered = settled.filter(fulfilled).map((r) => r.value);
    const recalls = answered
      .flatMap((p) => p.value.recalls)
      .sort((a, b) => (b.dates.reported ?? '').localeCompare(a.dates.reported ?? ''))
      .slice(0, input.limit);
    return {
      query: {
        q: input.q,
        categories,
        from: input.from ?? null,
        to: input.to ?? null,
        classification: input.classification ?? null,
        limit: input.limit,
      },
      complete: settled.every(fulfilled),
      count: recalls.length,
      recalls,
      sources: settled.map((r, i) => {
        const dataset = DATASET_OF[categories[i]];
        if (!fulfilled(r)) {
          const f = failureOf(dataset, r.reason);
          return {
            dataset,
            outcome: 'failed' as const,
            total: null,
            error: `${f.code}: ${f.message}`,
            as_of: null,
            stale: false,
          };
        }
        return {
          dataset,
          outcome: 'ok' as const,
          total: r.value.value.total,
          error: null,
          as_of: r.value.freshness.fetchedAt,
          stale: r.value.freshness.stale,
        };
      }),
      attribution: [...new Set(answered.map((p) => ATTRIBUTION[p.freshness.source as keyof typeof ATTRIBUTION]))],
      freshness: combinedFreshness(answered),
    };
  }

  // NHTSA lists [] for a vehicle without campaigns and for one it does not know: vPIC's catalog of models tells the two
  // apart. An unknown vehicle is NOT_FOUND (uncharged); when vPIC cannot answer, the listing says "or unknown".
  async getVehicle({ make, model, year }: S.GetVehicleInput, deadline: number): Promise<S.GetVehicleOutput> {
    const [recalls, known] = await Promise.all([
      this.vehicleRecalls(make, model, year, deadline),
      this.knownModels(make, year, deadline),
    ]);
    const exists = known && known.some((m) => sameModel(m, model));
    if (known && !exists && !recalls.value.length) {
      throw new TollError(
        'NOT_FOUND',
        `NHTSA vPIC knows no ${make} ${model} for model year ${year}: check the make and model spelling and the ` +
          `year, or look the vehicle up by VIN`,
        {
          make,
          model,
          year,
          models_known: known.slice(0, MODELS_NAMED),
        },
      );
    }
    return {
      vehicle: { make, model, year },
      listing: recalls.value.length ? 'recalls_listed' : exists ? 'none_listed' : 'none_listed_or_unknown_vehicle',
      count: recalls.value.length,
      recalls: recalls.value,
      note: recalls.value.length
        ? VEHICLE_NOTE
        : exists
          ? `NHTSA lists no recall campaign for a ${year} ${make} ${model} (a vehicle vPIC knows). ${VEHICLE_NOTE}`
          : `NHTSA lists no recall campaign for a ${year} ${make} ${model}, which it also answers for a make or ` +
            `model it does not know, and vPIC could not be asked (listing: none_listed_or_unknown_vehicle). ` +
            `${VEHICLE_NOTE}`,
      attribution: [ATTRIBUTION.nhtsa],
      freshness: combinedFreshness([recalls]),
    };
  }

  async getVin({ vin }: S.GetVinInput, deadline: number): Promise<S.GetVinOutput> {
    const decoded = await this.cache.get<DecodedVin>(`vin:${vin}`, VIN, async () => ({
      value: await this.status.track('nhtsa-vpic', () => this.nhtsa.decodeVin(vin, deadline)),
      source: 'nhtsa-vpic',
    }));
    const { make, model, year } = decoded.value;
    if (!make || !model || !year) {
      throw new TollError('NOT_FOUND', `NHTSA vPIC cannot decode VIN ${vin} to a make, model and year`, {
        vin,
        decode_note: decoded.value.decode_note,
      });
    }
    const recalls = await this.vehicleRecalls(make, model, year, deadline);
    return {
      vehicle: { vin, ...decoded.value, make, model, year },
      listing: recalls.value.length ? 'recalls_listed' : 'none_listed',
      count: recalls.value.length,
      recalls: recalls.value,
      note: VEHICLE_NOTE,
      attribution: [ATTRIBUTION.nhtsa],
      freshness: combinedFreshness([decoded, recalls]),
    };
  }

  health(): Pick<S.HealthOutput, 'status' | 'sources' | 'cache'> {
    const sources = SOURCES.map((s) => {
      const enabled = s.name !== 'cpsc' || this.cpsc.enabled;
      return { ...s, enabled, ...this.status.report(s.name, enabled) };
    });
    return {
      status: sources.some((s) => s.state === 'failing') ? 'degraded' : 'ok',
      sources,
      cache: { entries: this.cache.size, ...this.cache.stats },
    };
  }

  // A campaign number can only be NHTSA's, so it is looked up there alone; otherwise the four text datasets, less
  // CPSC when an FDA class is asked for (CPSC does not classify) or when it is turned off.
  private defaultCategories(input: S.SearchInput): S.SearchCategory[] {
    if (S.CAMPAIGN_PATTERN.test(input.q) && !input.classification) return ['vehicle'];
    return TEXT_CATEGORIES.filter((c) => !(c === 'consumer' && (input.classification || !this.cpsc.enabled)));
  }

  private async searchDataset(
    category: S.SearchCategory,
    filter: FdaFilter,
    deadline: number,
  ): Promise<{ value: RecallPage; source: string }> {
    if (category === 'consumer')
      return { value: await this.status.track('cpsc', () => this.cpsc.search(filter, deadline)), source: 'cpsc' };
    if (category === 'vehicle')
      return {
        value: await this.status.track('nhtsa-recalls', () =>
          this.nhtsa.campaign(filter.q.toUpperCase(), filter, deadline),
        ),
        source: 'nhtsa',
      };
    return {
      value: await this.status.track('openfda', () => this.fda.search(category, filter, deadline)),
      source: 'openfda',
    };
  }

  // The models vPIC knows for a make and year, or null when it cannot be asked (the answer then says it is unsure).
  private async knownModels(make: string, year: number, deadline: number): Promise<string[] | null> {
    try {
      const models = await this.cache.get(`models:${make.toLowerCase()}|${year}`, VIN, async () => ({
        value: await this.status.track('nhtsa-vpic', () => this.nhtsa.models(make, year, deadline)),
        source: 'nhtsa-vpic',
      }));
      return models.value;
    } catch (e) {
      if (e instanceof TollError) return null;
      throw e;
    }
  }

  private vehicleRecalls(
    make: string,
    model: string,
    year: number,
    deadline: number,
  ): Promise<Cached<S.VehicleRecall[]>> {
    return this.cache.get(`vehicle:${make.toLowerCase()}|${model.toLowerCase()}|${year}`, RECALLS, async () => ({
      value: await this.status.track('nhtsa-recalls', () => this.nhtsa.recalls(make, model, year, deadline)),
      source: 'nhtsa-recalls',
    }));
  }
}
