import { Clock, type RunningGroup } from '@toll/platform';
import { groupHarness, type GroupHarnessOptions, tollsOf } from '@toll/testing';
import { join } from 'node:path';
import { startTrademarks } from '../src/bootstrap';
import { IngestService } from '../src/ingest.service';

const DAILY = ['odp/listing', 'odp/file-apc261122', 'odp/file-apc261123'];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.parse('2026-11-24T06:00:00Z');
const TSDR_CREDIT = { text: 'Status from USPTO TSDR', url: 'https://tsdr.uspto.gov/' };
const ODP_CREDIT = { text: 'Applications from the USPTO Open Data Portal', url: 'https://data.uspto.gov/' };
const tsdr = (serial: string) =>
  `https://tsdr.uspto.gov/#caseNumber=${serial}&caseType=SERIAL_NO&searchType=statusSearch`;

const PYTHON_STATUS = {
  serial: '76044902',
  registration_number: '2824281',
  mark: 'PYTHON',
  kind: 'Trademark, Service Mark',
  mark_feature: 'TYPESET WORD(S) /LETTER(S) /NUMBER(S)',
  register: 'Principal',
  status: {
    code: '702',
    date: '2010-09-08',
    description: 'A Sections 8 and 15 combined declaration has been accepted and acknowledged.',
  },
  dates: { filed: '2000-05-09', published: '2003-12-30', registered: '2004-03-23' },
  owner: 'PYTHON SOFTWARE FOUNDATION',
  parties: [
    { role: 'ORIGINAL REGISTRANT', name: 'PYTHON SOFTWARE FOUNDATION', legal_entity: 'CORPORATION', country: 'US' },
    { role: 'OWNER AT PUBLICATION', name: 'PYTHON SOFTWARE FOUNDATION', legal_entity: 'CORPORATION', country: 'US' },
    {
      role: 'ORIGINAL APPLICANT',
      name: 'Corporation for National Research Initiatives',
      legal_entity: 'CORPORATION',
      country: 'US',
    },
  ],
  attorney: 'Leanne Stendell',
  classes: [
    {
      class: 9,
      goods_and_services:
        'Computer programs and downloadable computer programs that implement an object-oriented computer ' +
        'programming language',
      status: 'ACTIVE',
      first_use: '1995-10-13',
      first_use_in_commerce: '1995-10-13',
    },
    {
      class: 42,
      goods_and_services:
        'Providing information relating to an object-oriented computer programming language and its development ' +
        'environment',
      status: 'ACTIVE',
      first_use: '1995-07-18',
      first_use_in_commerce: '1995-07-18',
    },
  ],
  events: [
    { date: '2010-09-08', code: 'C15A', description: 'REGISTERED - SEC. 8 (6-YR) ACCEPTED & SEC. 15 ACK.' },
    { date: '2010-08-20', code: 'E815', description: 'TEAS SECTION 8 & 15 RECEIVED' },
    { date: '2004-03-23', code: 'R.PR', description: 'REGISTERED-PRINCIPAL REGISTER' },
    { date: '2003-12-30', code: 'PUBO', description: 'PUBLISHED FOR OPPOSITION' },
  ],
  tsdr_url: tsdr('76044902'),
  source: 'tsdr',
  attribution: TSDR_CREDIT,
};

const EXACT = 'same letters and digits as the query once case, spacing, accents and punctuation are ignored';
const PSF_MATCH = {
  serial: '76044902',
  registration_number: '2824281',
  mark: 'PYTHON',
  match: 'exact',
  match_types: ['exact', 'phonetic'],
  similarity: 1,
  reasons: [EXACT, 'sounds alike: both reduce to the sound key "p0n"'],
  classes: [9, 42],
  shared_classes: [9, 42],
  owner: 'PYTHON SOFTWARE FOUNDATION',
  filed: '2000-05-09',
  registered: '2004-03-23',
  status: { code: '702', date: '2010-09-08' },
  goods_and_services: [
    {
      class: 9,
      text:
        'Computer programs and downloadable computer programs that implement an object-oriented computer ' +
        'programming language',
    },
    {
      class: 42,
      text:
        'Providing information relating to an object-oriented computer programming language and its development ' +
        'environment',
    },
  ],
  tsdr_url: tsdr('76044902'),
};

// Both suites: the group by its own bootstrap, a scratch Postgres, the office replayed by a local fake server.
const trademarksHarness = (database: string, keys: boolean, options: Partial<GroupHarnessOptions<RunningGroup>> = {}) =>
  groupHarness({
    name: 'trademarks',
    start: startTrademarks,
    fixtures: join(__dirname, 'fixtures'),
    database,
    env: (u) => ({
      // with keys the test drives the ingest; without, the timer is on and must stay idle
      TRADEMARKS_INGEST_ENABLED: keys ? 'false' : 'true',
      TRADEMARKS_TSDR_BASE_URL: u.fake,
      TRADEMARKS_TSDR_RATE_PER_SECOND: '10',
      TRADEMARKS_ODP_BASE_URL: u.fake,
      ...(keys ? { TRADEMARKS_TSDR_API_KEY: 'tsdr-test-key', TRADEMARKS_ODP_API_KEY: 'odp-test-key' } : {}),
    }),
    ...options,
  });

// The real group over a real NATS server and a scratch Postgres, the office replayed by a local fake server.
// The ingest timer is off: the test drives IngestService.tick() and the clock itself.
describe('trademarks over NATS', () => {
  let ingest: IngestService;
  let now = T0;
  const { group, fake, use, call } = trademarksHarness('toll_trademarks_wire', true, {
    clock: { token: Clock, now: () => now },
  });
  beforeAll(() => {
    ingest = group.app.get(IngestService);
  });

  const data = async (operation: string, input: unknown) => {
    const reply = await call(operation, input);
    expect(reply.err).toBeUndefined();
    return reply.response!.data;
  };
  const refusal = async (operation: string, input: unknown, deadlineMs?: number) =>
    (await call(operation, input, deadlineMs)).err;
  const found = (answer: any) => answer.matches.map((m: any) => [m.serial, m.mark, m.match]);

  it('answers a search with 503 (never charged) until the first ingest has built the index', async () => {
    expect(await refusal('searchMarks', { mark: 'python' })).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The trademark index is not built yet (the first ingest has not finished); try again later',
    });
  });

  it('ingests the daily files of the look-back window, each in one transaction, skipping design-only marks', async () => {
    use(...DAILY);
    expect(await ingest.tick()).toEqual({
      listed: 2,
      loaded: [
        { file: 'apc261122.zip', rows: 6 },
        { file: 'apc261123.zip', rows: 2 },
      ],
      rejected: [],
    });
    expect(fake.hits.map((h) => [h.path, h.query])).toEqual([
      ['/api/v1/datasets/products/TRTDXFAP', { fileDataFromDate: '2026-11-17', fileDataToDate: '2026-11-24' }],
      ['/api/v1/datasets/products/files/TRTDXFAP/apc261122.zip', {}],
      ['/api/v1/datasets/products/files/TRTDXFAP/apc261123.zip', {}],
    ]);
    const health = await data('getHealth', {});
    expect(health.cache).toMatchObject({ index_marks: 7, index_files_loaded: 2, index_latest_file_date: '2026-11-23' });
    expect(health.ingest).toMatchObject({
      enabled: false,
      last_success_at: '2026-11-24T06:00:00.000Z',
      rejected_files: [],
    });
  });

  it('is idempotent: not before it is due, and a later run loads nothing twice', async () => {
    use(...DAILY);
    now = T0 + HOUR;
    expect(await ingest.tick()).toBeNull();
    expect(fake.hits).toEqual([]);
    now = T0 + 6 * HOUR;
    expect(await ingest.tick()).toEqual({ listed: 2, loaded: [], rejected: [] });
    expect(fake.hits.map((h) => h.path)).toEqual(['/api/v1/datasets/products/TRTDXFAP']);
    expect((await data('getHealth', {})).cache.index_marks).toBe(7);
  });

  it('finds exact, sound-alike and near-spelling marks in the given classes, ranked, each with its reasons', async () => {
    const answer = await data('searchMarks', { mark: 'Python', classes: '9,42' });
    expect(found(answer)).toEqual([
      ['76044902', 'PYTHON', 'exact'],
      ['99100002', 'PITHON', 'phonetic'],
      ['99100003', 'PYTON', 'fuzzy'],
    ]);
    expect(answer.matches[0]).toEqual(PSF_MATCH);
    expect(answer.matches[1]).toMatchObject({
      match_types: ['phonetic', 'fuzzy'],
      similarity: 0.83,
      reasons: [
        'sounds alike: both reduce to the sound key "p0n"',
        '1 edit (letter added, removed, changed or swapped) from the query: similarity 0.83',
      ],
      status: { code: '641', date: '2026-11-23' }, // the later daily file updated it
      owner: 'Pithon Labs Inc.',
    });
    expect(answer).toMatchObject({
      query: {
        mark: 'Python',
        normalised: 'python',
        sound_key: 'p0n',
        classes: [9, 42],
        match: ['exact', 'phonetic', 'fuzzy'],
      },
      count: 3,
      index: { marks: 7, files_loaded: 2, latest_file_date: '2026-11-23' },
      source: 'odp-bulk',
      attribution: ODP_CREDIT,
      freshness: { as_of: '2026-11-24T12:00:00.000Z', stale: false },
    });
    expect(answer.notes[0]).toMatch(/not the whole register: a clear result is not a clearance opinion/);
  });

  it('searches every class when none is given, and honours the match kinds and the similarity floor', async () => {
    expect(found(await data('searchMarks', { mark: 'PYTHON' }))).toEqual([
      ['99100004', 'PYTHON', 'exact'],
      ['76044902', 'PYTHON', 'exact'],
      ['99100002', 'PITHON', 'phonetic'],
      ['99100003', 'PYTON', 'fuzzy'],
    ]);
    expect(found(await data('searchMarks', { mark: 'python', match: 'exact' }))).toEqual([
      ['99100004', 'PYTHON', 'exact'],
      ['76044902', 'PYTHON', 'exact'],
    ]);
    expect(found(await data('searchMarks', { mark: 'python', match: 'fuzzy', min_similarity: 0.6 }))).toEqual([
      ['99100002', 'PITHON', 'fuzzy'],
      ['99100003', 'PYTON', 'fuzzy'],
      ['99100001', 'PYTHONISTA', 'fuzzy'],
    ]);
    expect(found(await data('searchMarks', { mark: 'Photon' }))).toEqual([['99100005', 'FOTON', 'phonetic']]);
    expect(found(await data('searchMarks', { mark: 'quick-clean', classes: '3' }))).toEqual([
      ['99100007', 'KWIK KLEEN', 'phonetic'],
    ]);
    expect(await data('searchMarks', { mark: 'Zebra Crossing' })).toMatchObject({ count: 0, matches: [] });
    expect((await data('searchMarks', { mark: 'python', limit: 1 })).count).toBe(1);
  });

  it('keeps the index when a daily file is damaged: the file is recorded as rejected and nothing of it is loaded', async () => {
    use(
      'odp/listing-with-corrupt-file-error',
      'odp/file-apc261122',
      'odp/file-apc261123',
      'odp/file-apc261124-corrupt-error',
    );
    now = T0 + 12 * HOUR;
    expect(await ingest.tick()).toEqual({
      listed: 3,
      loaded: [],
      rejected: [{ file: 'apc261124.zip', error: 'not a ZIP archive (no end-of-central-directory record)' }],
    });
    use(
      'odp/listing-with-truncated-file-error',
      'odp/file-apc261122',
      'odp/file-apc261123',
      'odp/file-apc261124-truncated-error',
    );
    now = T0 + 18 * HOUR;
    expect(await ingest.tick()).toEqual({
      listed: 3,
      loaded: [],
      rejected: [{ file: 'apc261124.zip', error: 'truncated document: the closing root element is missing' }],
    });
    const health = await data('getHealth', {});
    expect(health.cache).toMatchObject({ index_marks: 7, index_files_loaded: 2, index_latest_file_date: '2026-11-23' });
    expect(health.ingest.rejected_files).toEqual([
      { file: 'apc261124.zip', date: '2026-11-24', error: 'truncated document: the closing root element is missing' },
    ]);
    expect(found(await data('searchMarks', { mark: 'python', match: 'exact' }))).toHaveLength(2);
  });

  it('refuses bad input with INVALID_INPUT naming the field', async () => {
    const fields = async (operation: string, input: unknown) => {
      const err = await refusal(operation, input);
      expect(err.code).toBe('INVALID_INPUT');
      return err.details.issues.map((i: any) => i.field);
    };
    expect(await fields('searchMarks', {})).toEqual(['mark']);
    expect(await fields('searchMarks', { mark: '!!!' })).toEqual(['mark']);
    expect(await fields('searchMarks', { mark: '商标' })).toEqual(['mark']);
    expect(await fields('searchMarks', { mark: 'x'.repeat(101) })).toEqual(['mark']);
    expect(await fields('searchMarks', { mark: 'python', classes: '9;42' })).toEqual(['classes']);
    expect(await fields('searchMarks', { mark: 'python', match: 'soundex' })).toEqual(['match']);
    expect(await fields('searchMarks', { mark: 'python', min_similarity: 0.3 })).toEqual(['min_similarity']);
    expect(await fields('searchMarks', { mark: 'python', limit: 0 })).toEqual(['limit']);
    expect(await fields('searchMarks', { mark: 'python', owner: 'x' })).toEqual(['owner']);
    expect(await fields('getStatus', { serial: '7604490' })).toEqual(['serial']);
    expect(await fields('getStatus', { registration: '28242810x' })).toEqual(['registration']);
  });

  it('refuses class numbers outside 1-45 and a status asked by both numbers or neither, in the schema, with the field named', async () => {
    expect(await refusal('searchMarks', { mark: 'python', classes: '9,46' })).toEqual({
      code: 'INVALID_INPUT',
      message: 'Input failed validation',
      details: { issues: [{ field: 'classes', message: 'must be comma-separated Nice classes 1-45, e.g. "9,42"' }] },
    });
    expect((await refusal('getStatus', {})).details.issues).toEqual([
      { field: 'serial', message: 'give serial or registration' },
    ]);
    expect((await refusal('getStatus', { serial: '76044902', registration: '2824281' })).details.issues).toEqual([
      { field: 'registration', message: 'give serial or registration, not both' },
    ]);
  });

  it('answers UPSTREAM_TIMEOUT within the deadline when TSDR is slow, and UPSTREAM_ERROR when it is down with nothing cached', async () => {
    use('tsdr/slow-timeout');
    const started = Date.now();
    expect((await refusal('getStatus', { serial: '76044902' }, 1_000)).code).toBe('UPSTREAM_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(1_500);
    use('tsdr/unavailable-503');
    expect(await refusal('getStatus', { serial: '76044902' })).toEqual({
      code: 'UPSTREAM_ERROR',
      message: 'tsdr answered HTTP 503',
      details: { upstream: 'tsdr', status: 503 },
    });
  });

  it('returns the status of a mark by serial or registration number, from TSDR with its key, then from the cache', async () => {
    use('tsdr/status-sn76044902', 'tsdr/status-rn2824281');
    now = T0 + 20 * HOUR;
    const fresh = { as_of: '2026-11-25T02:00:00.000Z', stale: false };
    expect(await data('getStatus', { serial: '76044902' })).toEqual({ ...PYTHON_STATUS, freshness: fresh });
    expect(await data('getStatus', { registration: '2824281' })).toEqual({ ...PYTHON_STATUS, freshness: fresh });
    expect(await data('getStatus', { serial: '76044902' })).toEqual({ ...PYTHON_STATUS, freshness: fresh });
    expect(fake.hits.map((h) => h.path)).toEqual([
      '/ts/cd/casestatus/sn76044902/info.xml',
      '/ts/cd/casestatus/rn2824281/info.xml',
    ]);
  });

  it('answers an unknown number with 404 NOT_FOUND (never charged)', async () => {
    use('tsdr/not-found-404');
    expect(await refusal('getStatus', { serial: '99999999' })).toEqual({
      code: 'NOT_FOUND',
      message: 'The trademark office has no case sn99999999',
    });
  });

  it('serves a cached status labelled stale when TSDR is down after the fresh window', async () => {
    use('tsdr/unavailable-503');
    now = T0 + 45 * HOUR;
    expect((await data('getStatus', { serial: '76044902' })).freshness).toEqual({
      as_of: '2026-11-25T02:00:00.000Z',
      stale: true,
      reason: 'UPSTREAM_ERROR: tsdr answered HTTP 503',
    });
  });

  it('labels the index stale when the ingest has failed for more than 48 h, and says why', async () => {
    use('odp/unavailable-503');
    now = T0 + 67 * HOUR;
    expect(await ingest.tick()).toEqual({ listed: 0, loaded: [], rejected: [] });
    const answer = await data('searchMarks', { mark: 'python', match: 'exact' });
    expect(answer.freshness).toEqual({
      as_of: '2026-11-25T00:00:00.000Z',
      stale: true,
      reason:
        'index not updated for more than 48 h: the ingest keeps failing: UPSTREAM_ERROR: odp-bulk answered HTTP 503',
    });
    const health = await data('getHealth', {});
    expect(health.status).toBe('degraded');
    expect(health.ingest.last_failure).toEqual({
      at: '2026-11-27T01:00:00.000Z',
      message: 'UPSTREAM_ERROR: odp-bulk answered HTTP 503',
    });
  });

  it('serves its health: sources with licence terms and keys, ingest, tolls, cache stats and the catalog', async () => {
    const health = await data('getHealth', {});
    expect(health).toMatchObject({ service: 'trademarks', title: 'Trademark Watch', unavailable: [] });
    expect(health.endpoints.map((e: any) => e.operation_id)).toEqual([
      'trademarks.getStatus',
      'trademarks.searchMarks',
      'trademarks.getHealth',
    ]);
    expect(health.tolls).toEqual(
      tollsOf([
        ['trademarks.getStatus', 'GET', '/toll/trademarks/status', '0.005'],
        ['trademarks.searchMarks', 'GET', '/toll/trademarks/search', '0.01'],
        ['trademarks.getHealth', 'GET', '/toll/trademarks/health', null],
      ]),
    );
    expect(health.sources.map((s: any) => [s.id, s.configured, s.key, s.license])).toEqual([
      ['tsdr', true, 'TRADEMARKS_TSDR_API_KEY', 'Public domain (US Government work)'],
      ['odp-bulk', true, 'TRADEMARKS_ODP_API_KEY', 'Public domain (US Government work)'],
    ]);
    expect(health.cache).toMatchObject({ status_entries: 2, hits: 1, stale: 1 });
  });
});

// The same group with no USPTO keys: it starts, says what is missing, and answers the affected routes with 503.
describe('trademarks without API keys', () => {
  const { fake, call } = trademarksHarness('toll_trademarks_nokeys', false);

  it('says in health which keys are missing and which operations are off, and never calls the office', async () => {
    const health = (await call('getHealth', {})).response!.data;
    expect(health.status).toBe('degraded');
    expect(health.sources.map((s: any) => [s.id, s.configured])).toEqual([
      ['tsdr', false],
      ['odp-bulk', false],
    ]);
    expect(health.unavailable).toEqual([
      {
        operation_id: 'trademarks.getStatus',
        reason:
          'the USPTO TSDR API key is not configured on this deployment (TRADEMARKS_TSDR_API_KEY); status ' +
          'look-ups are off',
      },
      {
        operation_id: 'trademarks.searchMarks',
        reason:
          'the USPTO Open Data Portal API key is not configured on this deployment (TRADEMARKS_ODP_API_KEY), so ' +
          'no index has been built',
      },
    ]);
    expect(health.ingest).toMatchObject({ enabled: false, next_run_at: null });
    expect(fake.hits).toEqual([]);
  });

  it('answers the keyed routes with a clear 503, and still refuses bad input first', async () => {
    expect((await call('getStatus', { serial: '76044902' })).err).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message:
        'trademarks.getStatus is unavailable: the USPTO TSDR API key is not configured on this deployment ' +
        '(TRADEMARKS_TSDR_API_KEY); status look-ups are off',
      details: { operation_id: 'trademarks.getStatus', retry_after_seconds: 3600 },
    });
    expect((await call('searchMarks', { mark: 'python' })).err).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      details: { operation_id: 'trademarks.searchMarks' },
    });
    expect((await call('getStatus', { serial: 'abc' })).err.code).toBe('INVALID_INPUT');
    expect(fake.hits).toEqual([]);
  });
});
