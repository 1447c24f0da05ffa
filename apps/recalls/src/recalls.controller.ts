import { Controller } from '@nestjs/common';
import type { TollMessage } from '@toll/contracts';
import { GroupHealth, TollRoute } from '@toll/platform';
import { PRICES } from './pricing';
import * as S from './recalls.schemas';
import { RecallsService } from './recalls.service';

// Room for one attempt and one retry per source; the datasets of a search are asked in parallel.
const TIMEOUT_MS = 10_000;

@Controller()
export class RecallsController {
  constructor(
    private readonly recalls: RecallsService,
    private readonly group: GroupHealth,
  ) {}

  @TollRoute({
    operationId: 'recalls.search',
    method: 'GET',
    path: '/toll/recalls/search',
    summary:
      'Search US recalls and market withdrawals of food, medicines and drugs, medical devices (FDA) and consumer ' +
      'products such as toys or strollers (CPSC), by keyword, date and severity class',
    description:
      "One normalised list across datasets, newest first, each row with the agency's own recall number and a " +
      'link to its record. ' +
      'A dataset with no match is an empty result; a dataset that fails is named in `sources` and `complete` is ' +
      'false. Vehicles: an ' +
      'NHTSA campaign number as q (e.g. 19V182000) is looked up at NHTSA; by model or VIN use recalls.getVehicle ' +
      'or recalls.getVin ' +
      '(NHTSA has no text search). Cached 6 hours; served stale up to 7 days when a dataset fails.',
    asks: [
      'has this baby stroller been recalled',
      'food recalls for peanut butter',
      'FDA drug recall search',
      'recalled toys or consumer products',
      'medical device withdrawals',
      'recalled food or medicine in the US',
      'product recall search for a brand',
      "is a children's product recalled",
    ],
    price: PRICES.search,
    input: S.SearchInput,
    output: S.SearchOutput,
    timeoutMs: TIMEOUT_MS,
    sources: ['openfda', 'cpsc', 'nhtsa-recalls'],
    errors: ['UPSTREAM_ERROR'],
  })
  search(msg: TollMessage<S.SearchInput>) {
    return this.recalls.search(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'recalls.getVehicle',
    method: 'GET',
    path: '/toll/recalls/vehicle',
    summary:
      'Car and vehicle safety recalls (NHTSA campaigns) by make, model and model year: affected component, ' +
      'summary, risk, remedy, do-not-drive warnings',
    description:
      'Source: NHTSA recalls API. No campaign is a 200 with an empty list. Cached 6 hours; served stale up to 7 ' +
      'days when NHTSA fails.',
    asks: [
      'recalls for a 2018 Honda Civic',
      'car safety recalls by make, model and year',
      'is my truck model under a recall',
      'airbag recall for a vehicle model',
      'safety recalls for a car model year',
      'NHTSA campaigns for a make and model',
      'recall campaigns for a make and model when I have no VIN',
    ],
    price: PRICES.getVehicle,
    input: S.GetVehicleInput,
    output: S.GetVehicleOutput,
    timeoutMs: TIMEOUT_MS,
    sources: ['nhtsa-recalls'],
    errors: ['UPSTREAM_ERROR'],
  })
  getVehicle(msg: TollMessage<S.GetVehicleInput>) {
    return this.recalls.getVehicle(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'recalls.getVin',
    method: 'GET',
    path: '/toll/recalls/vin',
    summary:
      'Car recalls by VIN (vehicle identification number): decodes the VIN to make, model and year (NHTSA vPIC), ' +
      'then lists its NHTSA recall campaigns',
    description:
      'The VIN check digit is verified before payment. A VIN vPIC cannot decode is NOT_FOUND (the payment stays ' +
      'unused). Campaigns are those of the ' +
      "vehicle's make, model and year; whether this vehicle's repair is done is known only to its manufacturer.",
    asks: [
      'check open recalls for my VIN',
      'recalls for this vehicle identification number',
      'decode a VIN and list its recall campaigns',
      'is my specific car affected by a recall',
      'recall check by VIN',
      "my car's VIN, any open recalls",
    ],
    price: PRICES.getVin,
    input: S.GetVinInput,
    output: S.GetVinOutput,
    timeoutMs: TIMEOUT_MS,
    sources: ['nhtsa-vpic'],
    errors: ['NOT_FOUND', 'UPSTREAM_ERROR'],
  })
  getVin(msg: TollMessage<S.GetVinInput>) {
    return this.recalls.getVin(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'recalls.getHealth',
    method: 'GET',
    path: '/toll/recalls/health',
    summary:
      'Recall search service health: whether it is up, its sources and licence terms, what each call costs, ' +
      'cache and endpoint catalog',
    asks: [
      'is the recalls service up',
      'status of the recall search service',
      'is the recall lookup working',
      'recall service sources and licence',
      'recall service status',
      'recall data sources and licence',
    ],
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.HealthOutput,
    timeoutMs: 2_000,
  })
  getHealth(): S.HealthOutput {
    return { ...this.group.describe(), ...this.recalls.health() };
  }
}
