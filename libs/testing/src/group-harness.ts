import type { NatsConnection } from 'nats';
import { scratchDatabase } from './database';
import { fixtureNamed, loadFixtures, startFakeUpstream, type FakeUpstream, type Fixture } from './fake-upstream';
import { startNats, type NatsServer } from './nats-server';
import { callOperation, natsClient, type OperationReply } from './responder';

type Env = Record<string, string | undefined>;

// What a group's own bootstrap returns (RunningGroup of libs/platform, or the gateway); typed here by shape so the
// testing lib does not depend on the platform it tests.
export interface StartedGroup {
  app: { get<T>(token: abstract new (...args: any[]) => T): T };
  close(): Promise<void>;
}

export interface HarnessUrls {
  nats: string; // the NATS server of this replica
  fake: string; // the fake upstream ('' without fixtures)
  database: string; // the scratch database ('' without one)
  replica: number;
}

export interface GroupHarnessOptions<G extends StartedGroup> {
  name: string; // the group: `call('getX')` asks `<name>.getX`
  start: (env: Env) => Promise<G>; // the app's own bootstrap (startWeather, startBatch, …)
  env?: (urls: HarnessUrls) => Env; // the group's settings over the shared defaults
  fixtures?: string | Fixture[]; // recorded upstream responses (or their folder), replayed by a fake upstream
  serve?: string[] | 'all'; // what the fake serves from the start, before the group starts (else nothing until use())
  database?: string; // a scratch database (prefix), shared by the replicas and dropped after
  replicas?: number; // started in beforeAll (default 1; 0: the spec calls startGroup itself)
  natsServers?: number; // one NATS server by default; 2 puts each replica on its own
  perTest?: boolean; // a fresh group for every test (the fake's hits cleared before, mocks restored after)
  together?: boolean; // the replicas start at the same moment (a test of a migration lock), not one after the other
  setup?: (harness: GroupHarness<G>) => unknown; // after NATS and the fake, before the groups: what they need running
  // a moved clock for every replica
  clock?: { token: abstract new (...args: any[]) => { now(): number }; now: () => number };
}

export interface CallOptions {
  deadlineMs?: number;
  caller?: { ip: string };
  payer?: string;
  timeoutMs?: number;
}

export interface GroupHarness<G extends StartedGroup> {
  nats: NatsServer; // the first NATS server, and its client
  nc: NatsConnection;
  servers: NatsServer[];
  clients: NatsConnection[];
  fake: FakeUpstream;
  db: { name: string; url: string };
  group: G; // the first replica
  replicas: G[];
  fixtures: Fixture[];
  fixture(id: string): Fixture; // `<upstream>/<case>`, or the case alone
  use(...ids: string[]): void; // the fake serves just these, its hits cleared
  // a number is the deadline in ms
  call(operation: string, input: unknown, options?: number | CallOptions): Promise<OperationReply>;
  data(operation: string, input: unknown): Promise<any>; // call() that must answer: the answer's data
  startGroup(env?: Env, replica?: number): Promise<G>; // one more replica (closed after all), with extra settings
  stopGroups(): Promise<void>;
  envOf(replica?: number): Env; // the settings a replica started with (for the app's own CLI)
  track<T extends Closeable>(part: T): T; // something the spec started (a gateway, a server): closed after the groups
}

type Closeable = { close(): unknown } | { stop(): unknown };

const DEFAULTS: Env = { LOG_LEVEL: 'error', ANNOUNCE_INTERVAL_MS: '60000', NATS_GRACE_PERIOD_MS: '50' };

// A stand-in for a handle made in beforeAll: the spec names it at once, it forwards to the real one when used.
export function late<T extends object>(what: string, get: () => T | undefined): T {
  return new Proxy({} as T, {
    get: (_t, key) => {
      const real = get();
      if (!real) throw new Error(`${what} is used before the harness started it (or after it stopped)`);
      const value = Reflect.get(real, key, real);
      return typeof value === 'function' ? value.bind(real) : value;
    },
    set: (_t, key, value) => Reflect.set(get() ?? {}, key, value),
  });
}

// The scaffolding of a wire, replica or replay spec in one call: NATS server(s) and clients, a fake upstream over
// the group's fixtures, a scratch database, and the group started by its own bootstrap; beforeAll and afterAll are
// registered here, so the spec keeps only its helpers and assertions.
export function groupHarness<G extends StartedGroup>(options: GroupHarnessOptions<G>): GroupHarness<G> {
  const servers: NatsServer[] = [];
  const clients: NatsConnection[] = [];
  const replicas: G[] = [];
  const fixtures = typeof options.fixtures === 'string' ? loadFixtures(options.fixtures) : (options.fixtures ?? []);
  const db = options.database ? scratchDatabase(options.database) : undefined;
  const tracked: Closeable[] = [];
  let fake: FakeUpstream | undefined;

  const fixture = (id: string) => fixtureNamed(fixtures, id);
  const envOf = (replica = 0, extra: Env = {}) => {
    const urls = {
      nats: servers[replica % servers.length].url,
      fake: fake?.url ?? '',
      database: db?.url ?? '',
      replica,
    };
    return {
      ...DEFAULTS,
      NATS_URL: urls.nats,
      ...(db ? { DATABASE_URL: db.url } : {}),
      ...options.env?.(urls),
      ...extra,
    };
  };
  const startGroup = async (extra: Env = {}, replica = replicas.length) => {
    const env = envOf(replica, extra);
    const group = await options.start(env);
    replicas.push(group);
    // A spec may close a replica itself (a scenario's own group): once, and the harness forgets it.
    const close = group.close.bind(group);
    let closing: Promise<void> | undefined;
    group.close = () =>
      (closing ??= (replicas.includes(group) && replicas.splice(replicas.indexOf(group), 1), close()));
    if (options.clock) jest.spyOn(group.app.get(options.clock.token), 'now').mockImplementation(options.clock.now);
    return group;
  };
  const stopGroups = async () => {
    for (const group of [...replicas]) await group.close();
  };

  beforeAll(async () => {
    const started = await Promise.all([
      Promise.all(Array.from({ length: options.natsServers ?? 1 }, () => startNats())),
      options.fixtures
        ? startFakeUpstream(options.serve === 'all' ? fixtures : (options.serve ?? []).map(fixture))
        : undefined,
    ]);
    servers.push(...started[0]);
    fake = started[1];
    clients.push(...(await Promise.all(servers.map((s) => natsClient(s.url)))));
    await options.setup?.(harness);
    if (!options.perTest) await startReplicas();
  }, 60_000);

  if (options.perTest) {
    beforeEach(async () => {
      if (fake) fake.hits.length = 0;
      await startReplicas();
    }, 60_000);
    afterEach(async () => {
      jest.restoreAllMocks();
      await stopGroups();
    });
  }

  async function startReplicas() {
    const count = options.replicas ?? 1;
    if (options.together) await Promise.all(Array.from({ length: count }, (_, i) => startGroup({}, i)));
    // One after the other: libs/platform's ensureDatabase does not survive two replicas creating one database at once.
    else for (let i = 0; i < count; i++) await startGroup();
  }

  afterAll(async () => {
    await stopGroups();
    for (const part of tracked.splice(0).reverse()) await ('close' in part ? part.close() : part.stop());
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await Promise.all([...servers.splice(0).map((s) => s.stop()), fake?.stop()]);
    await db?.drop();
  }, 60_000);

  const harness: GroupHarness<G> = {
    nats: late('nats', () => servers[0]),
    nc: late('nc', () => clients[0]),
    servers,
    clients,
    fake: late('fake', () => fake),
    db: db ?? late<{ name: string; url: string }>('db', () => undefined),
    group: late('group', () => replicas[0]),
    replicas,
    fixtures,
    fixture,
    use: (...ids) => {
      if (!fake) throw new Error('use() needs fixtures');
      fake.use(ids.map(fixture));
      fake.hits.length = 0;
    },
    call: (operation, input, options = {}) => {
      const { deadlineMs = 5_000, ...rest } = typeof options === 'number' ? { deadlineMs: options } : options;
      return callOperation(clients[0], `${operationPrefix(operation)}`, input, {
        deadline: Date.now() + deadlineMs,
        ...rest,
      });
    },
    data: async (operation, input) => {
      const reply = await harness.call(operation, input);
      expect(reply.err).toBeUndefined();
      return reply.response!.data;
    },
    startGroup,
    stopGroups,
    envOf: (replica) => envOf(replica),
    track: (part) => (tracked.push(part), part),
  };
  return harness;

  function operationPrefix(operation: string) {
    return operation.includes('.') ? operation : `${options.name}.${operation}`;
  }
}
