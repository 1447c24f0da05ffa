import { callOperation, groupHarness, scratchDatabase } from '@toll/testing';
import { createServer } from 'node:http';
import { startSec } from '../src/bootstrap';

const TICKERS = Array.from({ length: 40 }, (_, i) => `T${String(i).padStart(2, '0')}`);
const MAP = Object.fromEntries(
  TICKERS.map((ticker, i) => [String(i), { cik_str: 1000 + i, ticker, title: `Company ${i}` }]),
);
const submissions = (cik: number) => ({
  cik: String(cik).padStart(10, '0'),
  name: `Company ${cik - 1000}`,
  filings: {
    recent: {
      accessionNumber: [],
      filingDate: [],
      reportDate: [],
      form: [],
      primaryDocument: [],
      primaryDocDescription: [],
    },
  },
});

// Most requests inside any one-second window.
const busiestSecond = (times: number[]) =>
  Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + 1_000).length));

// Two replicas, each behind its own NATS server, share one SEC governor through Postgres: asked for 40
// companies at once (20 each), together they still call SEC under 10 requests/s.
describe('sec replicas share one SEC governor', () => {
  const hits: number[] = [];
  const db = scratchDatabase('toll_sec_governor');
  let url: string;
  const { clients } = groupHarness({
    name: 'sec',
    start: startSec,
    natsServers: 2,
    replicas: 2,
    setup: async ({ track }) => {
      await db.create();
      track({ stop: db.drop });
      // A stand-in for SEC that answers every path and notes when each request arrived.
      const sec = createServer((req, res) => {
        hits.push(Date.now());
        const cik = /CIK(\d{10})\.json$/.exec(req.url ?? '')?.[1];
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(cik ? submissions(Number(cik)) : MAP));
      });
      await new Promise<void>((r) => sec.listen(0, '127.0.0.1', r));
      track({ close: () => new Promise((r) => sec.close(r)) });
      url = `http://127.0.0.1:${(sec.address() as { port: number }).port}`;
    },
    env: () => ({ SEC_WWW_BASE_URL: url, SEC_DATA_BASE_URL: url, SEC_GOVERNOR_DATABASE_URL: db.url }),
  });

  it('keeps both replicas together under 10 requests/s to SEC, and every call still answers', async () => {
    const deadline = Date.now() + 11_000;
    const replies = await Promise.all(
      TICKERS.map((ticker, i) => callOperation(clients[i % 2], 'sec.getFilings', { ticker }, { deadline })),
    );
    expect(replies.map((r) => r.err)).toEqual(TICKERS.map(() => undefined));
    expect(replies.map((r) => r.response!.data.name)).toEqual(TICKERS.map((_, i) => `Company ${i}`));
    // One ticker map per replica, then one submissions file per company.
    expect(hits).toHaveLength(42);
    expect(busiestSecond(hits)).toBeLessThanOrEqual(9); // 8/s strictly spaced: at most 9 starts in any second
    expect(Math.max(...hits) - Math.min(...hits)).toBeGreaterThanOrEqual(41 * 125 - 100);
    for (const client of clients) {
      const health = (await callOperation(client, 'sec.getHealth', {})).response!.data;
      expect(health.governor).toMatchObject({ mode: 'shared', rate_per_second: 8, calls: { shared: 21, fallback: 0 } });
    }
  }, 30_000);
});
