import { groupHarness, tollsOf } from '@toll/testing';
import { join } from 'node:path';
import { startRecalls } from '../src/bootstrap';

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const DAY_MS = 86_400_000;
const FDA_CREDIT =
  'U.S. Food and Drug Administration, openFDA enforcement reports (CC0); not for medical decisions or official alerts';
const CPSC_CREDIT = 'U.S. Consumer Product Safety Commission, saferproducts.gov (public domain)';
const NHTSA_CREDIT = 'U.S. National Highway Traffic Safety Administration, api.nhtsa.gov and vPIC (public domain)';
const NO_MATCH = ['openfda/food.no-match', 'openfda/drug.no-match', 'openfda/device.no-match'];
const phrase = (q: string) => `(reason_for_recall:"${q}" OR product_description:"${q}" OR recalling_firm:"${q}")`;

const SUSHI = {
  id: 'openfda:F-0438-2025',
  source: 'openfda',
  source_id: 'F-0438-2025',
  category: 'food',
  title: 'Cucumber w/ Ranch Snack Cup 850065403144 Net Wt: 9.5oz (269g)',
  reason: 'Potential Salmonella',
  hazard: 'Potential Salmonella',
  classification: 'Class I',
  firm: 'GBC Food Services, LLC dba Yummi Sushi (Farmers Branch, TX, United States)',
  products: [
    'Cucumber w/ Ranch Snack Cup 850065403144 Net Wt: 9.5oz (269g)',
    'Codes: Purchase Date: 11/22 to 11/29/2024',
    'Quantity: 6088 units (total)',
  ],
  dates: { initiated: '2024-11-29', reported: '2025-02-05', terminated: null },
  distribution: 'CO',
  status: 'Ongoing',
  remedy: null,
  link: 'https://api.fda.gov/food/enforcement.json?search=recall_number:%22F-0438-2025%22',
};
const STROLLER_1 = {
  id: 'cpsc:26752',
  source: 'cpsc',
  source_id: '26752',
  category: 'consumer',
  title: 'Lightweight Strollers Recalled Due to Fall Hazard',
  reason: "The stroller's hinge can partially release during folding and unfolding, posing a fall hazard to children.",
  hazard: "The stroller's hinge can partially release, posing a fall hazard to children.",
  classification: null,
  firm: 'Example Baby Products Inc.',
  products: ['NimbleLite Stroller (About 85,000)'],
  dates: { initiated: '2026-08-27', reported: '2026-08-27', terminated: null },
  distribution: null,
  status: null,
  remedy: 'Repair',
  link: 'https://www.cpsc.gov/Recalls/2026/Lightweight-Strollers-Recalled-Due-to-Fall-Hazard',
};
const TAKATA = {
  id: 'nhtsa:19V182000',
  source: 'nhtsa',
  source_id: '19V182000',
  category: 'vehicle',
  reason: expect.stringMatching(
    /^Honda \(American Honda Motor Co\.\) is recalling specific 2003 Acura 3\.2CL.*these inflators may explode\.$/,
  ),
  hazard:
    'An explosion of an inflator within the driver frontal air bag module may result in sharp metal fragments ' +
    'striking the driver, front seat passenger or other occupants resulting in serious injury or death.',
  classification: null,
  firm: 'Honda (American Honda Motor Co.)',
  dates: { initiated: null, reported: '2019-03-06', terminated: null },
  distribution: null,
  status: null,
  remedy: expect.stringMatching(/^Honda will notify owners, and dealers will replace the driver's air bag inflator/),
  link: 'https://www.nhtsa.gov/recalls?nhtsaId=19V182000',
  component: 'AIR BAGS:FRONTAL:DRIVER SIDE:INFLATOR MODULE',
  park_it: false,
  park_outside: false,
  over_the_air_update: false,
  notes:
    'Owners may also contact the National Highway Traffic Safety Administration Vehicle Safety Hotline at ' +
    '1-888-327-4236 (TTY 1-800-424-9153), or go to www.safercar.gov.',
};
const NOTE =
  "NHTSA lists recall campaigns for a make, model and model year; whether a given vehicle's repair is done is " +
  'known only to the manufacturer (check its VIN lookup or nhtsa.gov/recalls).';

// The real group over a real NATS server, openFDA, CPSC and NHTSA replayed from fixtures on one fake host.
describe('recalls over NATS', () => {
  const { fake, call, fixture, data } = groupHarness({
    name: 'recalls',
    start: startRecalls,
    fixtures: join(__dirname, 'fixtures'),
    perTest: true,
    env: (u) => ({
      RECALLS_OPENFDA_URL: u.fake,
      RECALLS_CPSC_URL: u.fake,
      RECALLS_NHTSA_URL: u.fake,
      RECALLS_VPIC_URL: u.fake,
      RECALLS_OPENFDA_RATE_PER_SECOND: '100',
      RECALLS_CPSC_RATE_PER_SECOND: '100',
      RECALLS_NHTSA_RATE_PER_SECOND: '100',
    }),
  });
  const scenario = (...names: string[]) => fake.use(names.map(fixture));
  const hitsOf = (path: string) => fake.hits.filter((h) => h.path === path).map((h) => h.query);

  describe('search', () => {
    it('searches the three FDA datasets and CPSC at once; openFDA 404 "no matches" is an empty dataset', async () => {
      scenario('openfda/food.salmonella', 'openfda/drug.no-match', 'openfda/device.no-match', 'cpsc/recall.empty');
      expect(await data('search', { q: 'salmonella' })).toEqual({
        query: {
          q: 'salmonella',
          categories: ['food', 'drug', 'device', 'consumer'],
          from: null,
          to: null,
          classification: null,
          limit: 20,
        },
        complete: true,
        count: 1,
        recalls: [SUSHI],
        sources: [
          { dataset: 'fda-food', outcome: 'ok', total: 1, error: null, as_of: ISO, stale: false },
          { dataset: 'fda-drug', outcome: 'ok', total: 0, error: null, as_of: ISO, stale: false },
          { dataset: 'fda-device', outcome: 'ok', total: 0, error: null, as_of: ISO, stale: false },
          { dataset: 'cpsc', outcome: 'ok', total: 0, error: null, as_of: ISO, stale: false },
        ],
        attribution: [FDA_CREDIT, CPSC_CREDIT],
        freshness: { as_of: ISO, stale: false, reason: null },
      });
      expect(hitsOf('/food/enforcement.json')).toEqual([
        { search: phrase('salmonella'), sort: 'report_date:desc', limit: '20' },
      ]);
      expect(hitsOf('/Recall')).toEqual([{ format: 'json', RecallTitle: 'salmonella' }]);
    });

    it('merges datasets newest first and cuts to the limit', async () => {
      fake.use([
        ...['openfda/drug.terbinafine', 'openfda/food.no-match', 'openfda/device.no-match'].map(fixture),
        { ...fixture('cpsc/recall.stroller'), request: { method: 'GET', path: '/Recall' } },
      ]);
      const answer = await data('search', { q: 'terbinafine', limit: 2 });
      expect(answer.recalls.map((r: { id: string }) => r.id)).toEqual(['cpsc:26752', 'cpsc:26118']);
      expect(answer.recalls[0]).toEqual(STROLLER_1);
      expect(answer.sources.map((s: { dataset: string; total: number }) => [s.dataset, s.total])).toEqual([
        ['fda-food', 0],
        ['fda-drug', 1],
        ['fda-device', 0],
        ['cpsc', 2],
      ]);
    });

    it('searches one category with a date range and an FDA class, in the openFDA query', async () => {
      scenario('openfda/food.salmonella-class-i-2025');
      const answer = await data('search', {
        q: 'salmonella',
        category: 'food',
        from: '2025-01-01',
        to: '2025-12-31',
        classification: 'class-i',
        limit: 5,
      });
      expect(answer).toMatchObject({
        query: { categories: ['food'], from: '2025-01-01', to: '2025-12-31', classification: 'class-i', limit: 5 },
        complete: true,
        recalls: [SUSHI],
      });
      expect(hitsOf('/food/enforcement.json')).toEqual([
        {
          search: `${phrase('salmonella')} AND report_date:[20250101 TO 20251231] AND classification:"Class I"`,
          sort: 'report_date:desc',
          limit: '5',
        },
      ]);
      expect(hitsOf('/Recall')).toEqual([]);
    });

    it('leaves CPSC out when an FDA class is asked for, since CPSC does not classify', async () => {
      scenario(...NO_MATCH);
      expect((await data('search', { q: 'salmonella', classification: 'class-ii' })).query.categories).toEqual([
        'food',
        'drug',
        'device',
      ]);
      expect(hitsOf('/Recall')).toEqual([]);
    });

    it('answers with the datasets that worked and names the one that failed (complete: false)', async () => {
      fake.use([
        ...['openfda/food.503', 'openfda/drug.no-match', 'openfda/device.no-match'].map(fixture),
        { ...fixture('cpsc/recall.stroller'), request: { method: 'GET', path: '/Recall' } },
      ]);
      const answer = await data('search', { q: 'stroller' });
      expect(answer.complete).toBe(false);
      expect(answer.count).toBe(2);
      expect(answer.sources[0]).toEqual({
        dataset: 'fda-food',
        outcome: 'failed',
        total: null,
        error: 'UPSTREAM_ERROR: openfda answered HTTP 503',
        as_of: null,
        stale: false,
      });
      const health = await data('getHealth', {});
      expect(health.status).toBe('degraded');
    });

    it('serves a cached dataset labelled stale when it fails after 6 hours', async () => {
      scenario('openfda/food.salmonella', 'openfda/drug.no-match', 'openfda/device.no-match', 'cpsc/recall.empty');
      const fresh = await data('search', { q: 'salmonella' });
      scenario('openfda/food.503', 'openfda/drug.503', 'openfda/device.503', 'cpsc/recall.503');
      const realNow = Date.now;
      jest.spyOn(Date, 'now').mockImplementation(() => realNow() + DAY_MS);
      const stale = await data('search', { q: 'Salmonella' }); // the same cache entries: case is ignored
      expect(stale.recalls).toEqual(fresh.recalls);
      expect(stale.complete).toBe(true);
      expect(stale.freshness).toEqual({
        as_of: fresh.freshness.as_of,
        stale: true,
        reason: 'UPSTREAM_ERROR: openfda answered HTTP 503',
      });
      expect(stale.sources.map((s: { stale: boolean }) => s.stale)).toEqual([true, true, true, true]);
    });

    it('answers the error envelope when every dataset fails and nothing is cached', async () => {
      scenario('openfda/food.503', 'openfda/drug.503', 'openfda/device.503', 'cpsc/recall.503');
      expect((await call('search', { q: 'salmonella' })).err).toEqual({
        code: 'UPSTREAM_ERROR',
        message:
          'No recall dataset answered: fda-food: openfda answered HTTP 503; fda-drug: openfda answered HTTP 503; ' +
          'fda-device: openfda answered HTTP 503; cpsc: cpsc answered HTTP 503',
        details: {
          upstreams: [
            { source: 'fda-food', code: 'UPSTREAM_ERROR', message: 'openfda answered HTTP 503' },
            { source: 'fda-drug', code: 'UPSTREAM_ERROR', message: 'openfda answered HTTP 503' },
            { source: 'fda-device', code: 'UPSTREAM_ERROR', message: 'openfda answered HTTP 503' },
            { source: 'cpsc', code: 'UPSTREAM_ERROR', message: 'cpsc answered HTTP 503' },
          ],
        },
      });
    });

    it('answers UPSTREAM_TIMEOUT by the caller deadline when every dataset is slower', async () => {
      scenario('openfda/food.slow', 'openfda/drug.slow', 'openfda/device.slow', 'cpsc/recall.slow');
      const started = Date.now();
      const { err } = await call('search', { q: 'salmonella' }, 300);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(err).toMatchObject({
        code: 'UPSTREAM_TIMEOUT',
        message: expect.stringMatching(/^No recall dataset answered: fda-food: openfda did not answer in \d+ ms/),
      });
    });

    it('looks a campaign number up at NHTSA alone, one row for the campaign with every vehicle it covers', async () => {
      scenario('nhtsa-recalls/campaign.19v182000');
      const answer = await data('search', { q: '19v182000' });
      expect(answer).toMatchObject({
        query: { categories: ['vehicle'] },
        complete: true,
        count: 1,
        attribution: [NHTSA_CREDIT],
      });
      const { component: _c, park_it: _p, park_outside: _o, over_the_air_update: _u, notes: _n, ...campaign } = TAKATA;
      expect(answer.recalls).toEqual([
        {
          ...campaign,
          title: 'AIR BAGS:FRONTAL:DRIVER SIDE:INFLATOR MODULE — Honda (American Honda Motor Co.)',
          products: ['2012 ACURA RDX', '2003 HONDA ACCORD', '2004 HONDA ACCORD'],
        },
      ]);
      expect(answer.sources).toEqual([
        { dataset: 'nhtsa', outcome: 'ok', total: 1, error: null, as_of: ISO, stale: false },
      ]);
      expect(hitsOf('/recalls/campaignNumber')).toEqual([{ campaignNumber: '19V182000' }]);
      expect(fake.hits).toHaveLength(1);
    });

    it('refuses bad input in the schema, naming the field, before any source is asked', async () => {
      const issue = async (input: unknown) => (await call('search', input)).err?.details?.issues;
      expect(await issue({ q: 'x' })).toEqual([
        { field: 'q', message: 'Too small: expected string to have >=2 characters' },
      ]);
      expect(await issue({ q: 'salmonella" OR status:"x' })).toEqual([
        { field: 'q', message: "may hold letters, digits, spaces and . , ' & / - only" },
      ]);
      expect(await issue({ q: 'salmonella', from: '2025-02-30' })).toEqual([
        { field: 'from', message: 'is not a calendar date' },
      ]);
      expect(await issue({ q: 'salmonella', from: '2025-06-01', to: '2025-01-01' })).toEqual([
        { field: 'to', message: 'must not be before from' },
      ]);
      expect(await issue({ q: 'stroller', category: 'consumer', classification: 'class-i' })).toEqual([
        { field: 'classification', message: 'CPSC recalls have no FDA classification' },
      ]);
      expect(await issue({ q: 'salmonella', limit: 51 })).toEqual([expect.objectContaining({ field: 'limit' })]);
      expect(await issue({ q: 'airbag', category: 'vehicle' })).toEqual([
        {
          field: 'q',
          message:
            'with category vehicle, give an NHTSA campaign number such as 19V182000 (for a make, model and year ' +
            'use recalls.getVehicle)',
        },
      ]);
      expect(await issue({ q: '19V182000', category: 'vehicle', classification: 'class-i' })).toEqual([
        { field: 'classification', message: 'NHTSA recalls have no FDA classification' },
      ]);
      expect(fake.hits).toHaveLength(0);
    });
  });

  describe('getVehicle', () => {
    it("lists NHTSA's campaigns for a make, model and year, reading the recorded 'Conequence' spelling", async () => {
      scenario('nhtsa-recalls/by-vehicle.acura-rdx-2012');
      expect(await data('getVehicle', { make: 'Acura', model: 'RDX', year: 2012 })).toEqual({
        vehicle: { make: 'Acura', model: 'RDX', year: 2012 },
        listing: 'recalls_listed',
        count: 1,
        recalls: [
          {
            ...TAKATA,
            title: 'AIR BAGS:FRONTAL:DRIVER SIDE:INFLATOR MODULE — 2012 ACURA RDX',
            products: ['2012 ACURA RDX'],
          },
        ],
        note: NOTE,
        attribution: [NHTSA_CREDIT],
        freshness: { as_of: ISO, stale: false, reason: null },
      });
      expect(hitsOf('/recalls/recallsByVehicle')).toEqual([{ make: 'Acura', model: 'RDX', modelYear: '2012' }]);
    });

    it('answers an empty list for a vehicle vPIC knows as none_listed: no recall campaign, certainly', async () => {
      scenario('nhtsa-recalls/by-vehicle.none', 'nhtsa-vpic/models.tesla-2009');
      expect(await data('getVehicle', { make: 'Tesla', model: 'roadster', year: 2009 })).toMatchObject({
        listing: 'none_listed',
        count: 0,
        recalls: [],
        note: expect.stringMatching(
          /^NHTSA lists no recall campaign for a 2009 Tesla roadster \(a vehicle vPIC knows\)\. /,
        ),
      });
    });

    it('is NOT_FOUND (uncharged) for a model vPIC does not know for that make and year, naming the models it knows', async () => {
      scenario('nhtsa-recalls/by-vehicle.none', 'nhtsa-vpic/models.tesla-2009');
      expect((await call('getVehicle', { make: 'Tesla', model: 'Cybertruck', year: 2009 })).err).toEqual({
        code: 'NOT_FOUND',
        message:
          'NHTSA vPIC knows no Tesla Cybertruck for model year 2009: check the make and model spelling and the ' +
          'year, or look the vehicle up by VIN',
        details: { make: 'Tesla', model: 'Cybertruck', year: 2009, models_known: ['Roadster'] },
      });
    });

    it('says none_listed_or_unknown_vehicle in a field when vPIC cannot be asked and NHTSA lists nothing', async () => {
      scenario('nhtsa-recalls/by-vehicle.none'); // vPIC has no answer for this make and year
      expect(await data('getVehicle', { make: 'Tesla', model: 'Roadster', year: 2010 })).toMatchObject({
        listing: 'none_listed_or_unknown_vehicle',
        count: 0,
        note: expect.stringMatching(
          /^NHTSA lists no recall campaign for a 2010 Tesla Roadster, which it also answers for a make or model it does not know, and vPIC could not be asked \(listing: none_listed_or_unknown_vehicle\)\. /,
        ),
      });
    });

    it('serves the cached list labelled stale when NHTSA fails after 6 hours, and errors with nothing cached', async () => {
      scenario('nhtsa-recalls/by-vehicle.503');
      expect((await call('getVehicle', { make: 'Acura', model: 'RDX', year: 2012 })).err).toEqual({
        code: 'UPSTREAM_ERROR',
        message: 'nhtsa-recalls answered HTTP 503',
        details: { upstream: 'nhtsa-recalls', status: 503 },
      });
      scenario('nhtsa-recalls/by-vehicle.acura-rdx-2012');
      const fresh = await data('getVehicle', { make: 'Acura', model: 'RDX', year: 2012 });
      scenario('nhtsa-recalls/by-vehicle.503');
      const realNow = Date.now;
      jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 7 * 3_600_000);
      expect(await data('getVehicle', { make: 'acura', model: 'rdx', year: 2012 })).toEqual({
        ...fresh,
        vehicle: { make: 'acura', model: 'rdx', year: 2012 },
        freshness: {
          as_of: fresh.freshness.as_of,
          stale: true,
          reason: 'UPSTREAM_ERROR: nhtsa-recalls answered HTTP 503',
        },
      });
    });

    it('answers UPSTREAM_TIMEOUT by the deadline', async () => {
      scenario('nhtsa-recalls/by-vehicle.slow');
      const { err } = await call('getVehicle', { make: 'Acura', model: 'RDX', year: 2012 }, 300);
      expect(err).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
    });

    it('refuses a year out of range and a make with odd characters', async () => {
      expect((await call('getVehicle', { make: 'Acura', model: 'RDX', year: 1900 })).err).toMatchObject({
        code: 'INVALID_INPUT',
        details: { issues: [{ field: 'year' }] },
      });
      expect((await call('getVehicle', { make: 'Acura"', model: 'RDX', year: 2012 })).err).toMatchObject({
        code: 'INVALID_INPUT',
        details: { issues: [{ field: 'make' }] },
      });
    });
  });

  describe('getVin', () => {
    it('decodes the VIN with vPIC, then lists the campaigns for its make, model and year', async () => {
      scenario('nhtsa-vpic/decode.honda-accord-2003', 'nhtsa-recalls/by-vehicle.honda-accord-2003');
      const answer = await data('getVin', { vin: '1HGCM82633A004352' });
      expect(answer).toEqual({
        vehicle: {
          vin: '1HGCM82633A004352',
          make: 'HONDA',
          model: 'Accord',
          year: 2003,
          manufacturer: 'AMERICAN HONDA MOTOR CO., INC.',
          body_class: 'Sedan/Saloon',
          plant_country: 'UNITED STATES (USA)',
          decode_note: '0 - VIN decoded clean. Check Digit (9th position) is correct',
        },
        listing: 'recalls_listed',
        count: 2,
        recalls: [
          expect.objectContaining({
            id: 'nhtsa:25V164000',
            dates: { initiated: null, reported: '2025-03-14', terminated: null },
            park_it: true,
            over_the_air_update: true,
            hazard: 'crash risk',
          }),
          {
            ...TAKATA,
            title: 'AIR BAGS:FRONTAL:DRIVER SIDE:INFLATOR MODULE — 2003 HONDA ACCORD',
            products: ['2003 HONDA ACCORD'],
          },
        ],
        note: NOTE,
        attribution: [NHTSA_CREDIT],
        freshness: { as_of: ISO, stale: false, reason: null },
      });
      expect(hitsOf('/vehicles/DecodeVinValues/1HGCM82633A004352')).toEqual([{ format: 'json' }]);
      expect(hitsOf('/recalls/recallsByVehicle')).toEqual([{ make: 'HONDA', model: 'Accord', modelYear: '2003' }]);
    });

    it('is NOT_FOUND (not charged) when vPIC cannot decode the VIN, with its reason', async () => {
      scenario('nhtsa-vpic/decode.unregistered');
      expect((await call('getVin', { vin: '11111111111111111' })).err).toEqual({
        code: 'NOT_FOUND',
        message: 'NHTSA vPIC cannot decode VIN 11111111111111111 to a make, model and year',
        details: {
          vin: '11111111111111111',
          decode_note:
            '7 - Manufacturer is not registered with NHTSA for sale or importation in the U.S. for use on U.S ' +
            'roadways; Please contact the manufacturer directly for more information; 11 - Incorrect Model Year ' +
            '- decoded data may not be accurate!',
        },
      });
      expect(hitsOf('/recalls/recallsByVehicle')).toEqual([]);
    });

    it('answers the error envelope when vPIC is down and nothing is cached', async () => {
      scenario('nhtsa-vpic/decode.503');
      expect((await call('getVin', { vin: '1HGCM82633A004352' })).err).toMatchObject({
        code: 'UPSTREAM_ERROR',
        details: { upstream: 'nhtsa-vpic', status: 503 },
      });
    });

    it.each([
      ['1HGCM82643A004352', 'check digit (9th character) does not match'],
      ['1HGCM82633A00435', 'must be 17 characters: capital letters except I, O, Q, and digits'],
      ['1HGCM82633O004352', 'must be 17 characters: capital letters except I, O, Q, and digits'],
    ])('refuses %s in the schema, naming vin, before any source is asked', async (vin, message) => {
      expect((await call('getVin', { vin })).err).toEqual({
        code: 'INVALID_INPUT',
        message: 'Input failed validation',
        details: { issues: [{ field: 'vin', message }] },
      });
      expect(fake.hits).toHaveLength(0);
    });
  });

  describe('getHealth', () => {
    it('lists sources with licence terms and state, prices, cache and the endpoint catalog', async () => {
      const health = await data('getHealth', {});
      expect(health).toMatchObject({
        service: 'recalls',
        title: 'Recall Search',
        status: 'ok',
        cache: { entries: 0, hits: 0, misses: 0, stale: 0, errors: 0 },
      });
      expect(health.sources.map((s: Record<string, unknown>) => [s.name, s.enabled, s.state])).toEqual([
        ['openfda', true, 'unknown'],
        ['cpsc', true, 'unknown'],
        ['nhtsa-recalls', true, 'unknown'],
        ['nhtsa-vpic', true, 'unknown'],
      ]);
      expect(health.tolls).toEqual(
        tollsOf([
          ['recalls.search', 'GET', '/toll/recalls/search', '0.01'],
          ['recalls.getVehicle', 'GET', '/toll/recalls/vehicle', '0.005'],
          ['recalls.getVin', 'GET', '/toll/recalls/vin', '0.01'],
          ['recalls.getHealth', 'GET', '/toll/recalls/health', null],
        ]),
      );
      expect(
        health.endpoints
          .map((e: { method: string; path: string; operation_id: string }) => `${e.method} ${e.path} ${e.operation_id}`)
          .sort(),
      ).toEqual([
        'GET /toll/recalls/health recalls.getHealth',
        'GET /toll/recalls/search recalls.search',
        'GET /toll/recalls/vehicle recalls.getVehicle',
        'GET /toll/recalls/vin recalls.getVin',
      ]);
    });
  });
});
