import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { SwrCache } from './cache';
import type { Fixture } from './fixtures';
import { enableReplay, replayedAnswer } from './replay';
import { createUpstream } from './upstream';

const write = (dir: string, f: Fixture) => {
  mkdirSync(join(dir, f.upstream), { recursive: true });
  writeFileSync(join(dir, f.upstream, `${f.case}.json`), JSON.stringify(f));
};
const base = {
  upstream: 'meteo',
  source: 'recorded' as const,
  request: { path: '/v1/forecast', query: { latitude: '52.52' } },
};

describe('replay mode', () => {
  it('answers from recordings, never failure scenarios, dates cached values by the recording and judges them against the clock', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-'));
    write(dir, {
      ...base,
      case: 'forecast-berlin',
      recordedAt: '2026-06-01T10:00:00.000Z',
      response: { status: 200, body: { temp: 18 } },
    });
    write(dir, {
      ...base,
      case: 'forecast-unavailable-503',
      recordedAt: '2026-06-02T10:00:00.000Z',
      request: { ...base.request, query: { latitude: '1' } },
      response: { status: 503, body: 'down' },
    });
    expect(enableReplay([dir])).toBe(1);

    const api = createUpstream({
      name: 'meteo',
      baseUrls: ['https://api.example.invalid'],
      timeoutMs: 1_000,
      userAgent: 't',
    });
    const load = async () => ({
      value: await api.getJson('/v1/forecast', { latitude: '52.52' }, z.object({ temp: z.number() })),
      source: 'meteo',
    });
    const recorded = Date.parse('2026-06-01T10:00:00.000Z');
    // Within the operation's fresh window of the recording: fresh, and still labelled a replay.
    const soon = await new SwrCache(10, () => recorded + 500).get('berlin', { freshMs: 1_000, staleMs: 0 }, load);
    expect(soon).toEqual({
      value: { temp: 18 },
      freshness: { source: 'meteo', fetchedAt: '2026-06-01T10:00:00.000Z', stale: false, replayed: true },
    });
    // A day later: the same recording is stale, however recently it was loaded.
    const cache = new SwrCache(10, () => recorded + 86_400_000);
    const { value: got, recordedAt } = await replayedAnswer(() =>
      cache.get('berlin', { freshMs: 1_000, staleMs: 0 }, load),
    );
    expect(got.freshness).toEqual({
      source: 'meteo',
      fetchedAt: '2026-06-01T10:00:00.000Z',
      stale: true,
      reason: "replayed recording from 2026-06-01T10:00:00.000Z, older than this operation's fresh window (1 s)",
      replayed: true,
    });
    expect(recordedAt).toBe(recorded); // what the answer is labelled with, cache hit or not
    expect((await replayedAnswer(() => Promise.resolve(cache.peek('berlin')))).recordedAt).toBe(recorded);
    await expect(api.getJson('/v1/forecast', { latitude: '1' }, z.object({}))).rejects.toMatchObject({
      code: 'UPSTREAM_ERROR',
      details: { status: 599 },
    });
  });

  it('holds no replayed call to a provider rate limit: the recording reaches no provider', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-'));
    write(dir, {
      ...base,
      case: 'forecast-berlin',
      recordedAt: '2026-06-01T10:00:00.000Z',
      response: { status: 200, body: { temp: 18 } },
    });
    enableReplay([dir]);
    // One call a minute at most: a second call within the deadline would be refused if the governor applied.
    const api = createUpstream({
      name: 'meteo',
      baseUrls: ['https://api.example.invalid'],
      timeoutMs: 1_000,
      userAgent: 't',
      governor: { ratePerSecond: 1 / 60 },
    });
    for (let i = 0; i < 3; i++)
      expect(await api.getJson('/v1/forecast', { latitude: '52.52' }, z.object({ temp: z.number() }))).toEqual({
        temp: 18,
      });
  });
});
