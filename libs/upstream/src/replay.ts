import { AsyncLocalStorage } from 'node:async_hooks';
import { findFixture, fixtureBody, loadFixtures, type Fixture } from './fixtures';

// Replay mode, for demos on a machine without internet: every upstream call is answered from the committed
// fixtures instead of the network, and cached values take the recording time as their fetchedAt (as_of),
// so replayed data is never presented as current. Failure-scenario fixtures are not replayed.
const FAILURE_CASE = /error|fail|unavailable|slow|timeout|down|429|5\d\d/i;

let fixtures: Fixture[] | null = null;
const recordings = new AsyncLocalStorage<string[]>();
// The recordings one answer was built from, fetched now or served from a cache filled by them earlier.
const answers = new AsyncLocalStorage<{ recordedAt?: number }>();

export function enableReplay(dirs: string[]): number {
  fixtures = dirs
    .flatMap(loadFixtures)
    .filter((f) => f.response.status < 300 && !f.response.delayMs && !FAILURE_CASE.test(f.case));
  return fixtures.length;
}

export const replayActive = (): boolean => fixtures !== null;

export const replayFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const fixture = findFixture(
    fixtures ?? [],
    init?.method ?? 'GET',
    url,
    typeof init?.body === 'string' ? init.body : undefined,
  );
  if (!fixture) return new Response(`replay mode: no recording for ${url.pathname}${url.search}`, { status: 599 });
  recordings.getStore()?.push(fixture.recordedAt);
  noteRecording(Date.parse(fixture.recordedAt));
  return new Response(fixtureBody(fixture), {
    status: fixture.response.status,
    headers: { 'content-type': 'application/json', ...fixture.response.headers },
  });
};

// Runs a load and reports the oldest recording it was answered from (undefined outside replay mode).
export async function withRecordingTime<T>(load: () => Promise<T>): Promise<{ value: T; recordedAt?: number }> {
  if (!replayActive()) return { value: await load() };
  const times: string[] = [];
  const value = await recordings.run(times, load);
  return { value, recordedAt: times.length ? Math.min(...times.map((t) => Date.parse(t))) : undefined };
}

// A value recorded at this time went into the answer being built (a cache serving a replayed entry says so too).
export function noteRecording(recordedAt: number) {
  const answer = answers.getStore();
  if (answer && !(answer.recordedAt! <= recordedAt)) answer.recordedAt = recordedAt;
}

// Runs one handler and reports the oldest recording its answer used: the answer is a replay, labelled as one.
export async function replayedAnswer<T>(run: () => Promise<T>): Promise<{ value: T; recordedAt?: number }> {
  if (!replayActive()) return { value: await run() };
  const answer: { recordedAt?: number } = {};
  const value = await answers.run(answer, run);
  return { value, recordedAt: answer.recordedAt };
}
