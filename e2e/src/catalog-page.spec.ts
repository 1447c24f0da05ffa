import { http } from '@toll/testing';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startDevutils } from '../../apps/devutils/src/bootstrap';
import { startRegistry } from '../../apps/registry/src/bootstrap';
import { GRANTS } from './live-catalog';
import { stackHarness } from './stack-harness';

// Issue 20: the catalog page for people, in a real browser with JavaScript off (it must work without it).
// Debian's chromium package provides the browser; playwright-core downloads nothing.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = process.env.TEST_ARTIFACTS_DIR ?? join(__dirname, '../../test-artifacts');
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium)
  console.warn(
    `catalog page browser test SKIPPED: no Chromium at ${CHROMIUM} (install it with: apt-get install -y chromium)`,
  );

(haveChromium ? describe : describe.skip)(
  `catalog page in headless Chromium ` +
    `(${haveChromium ? CHROMIUM : `SKIPPED: ${CHROMIUM} is absent; apt-get install -y chromium`})`,
  () => {
    let browser: Browser;
    let page: Page;
    const { stack, track } = stackHarness({
      database: 'toll_registry_page',
      groups: [
        startDevutils,
        (env, { database }) => startRegistry({ ...env, DATABASE_URL: database, REGISTRY_PROBE_ENABLED: 'false' }),
      ],
      gatewayEnv: { GATEWAY_PATH_GRANTS: GRANTS },
      ready: ['/toll/devutils/health', '/toll/registry/health', '/api/listings'],
    });

    beforeAll(async () => {
      browser = track(
        await chromium.launch({
          executablePath: CHROMIUM,
          headless: true,
          args: ['--no-sandbox'],
          handleSIGINT: false,
          handleSIGTERM: false,
          handleSIGHUP: false,
        }),
      );
      page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    }, 60_000);

    const shownOperations = () => page.locator('div.op').evaluateAll((ops) => ops.map((o) => o.id));
    const fieldErrors = () => page.locator('div.err').allTextContents();

    it('loads the full catalog with prices, fields and an example request per operation', async () => {
      const res = await page.goto(`${stack.gw}/docs`);
      expect(res?.status()).toBe(200);
      expect(await page.title()).toBe('Toll API');
      const operationIds = Object.values((await http(`${stack.gw}/openapi.json`)).body.paths).flatMap((ops: any) =>
        Object.values(ops).map((op: any) => op.operationId),
      );
      expect((await shownOperations()).sort()).toEqual([...operationIds].sort());
      expect(await page.locator('section.group h2').allTextContents()).toEqual([
        'Dev Utilities devutils',
        'Payments payments',
        'Discovery registry',
        'Shop shop',
      ]);
      const hash = page.locator('div.op[id="devutils.hashSha256"]');
      expect(await hash.locator('.p').textContent()).toBe('$0.005 per call');
      expect(await hash.locator('pre').textContent()).toBe(
        `curl -X POST '${stack.gw}/toll/devutils/hash/sha256' -H 'content-type: application/json' -d '{"text":"<text>"}'`,
      );
      expect(await hash.locator('td code').first().textContent()).toBe('text');
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, 'catalog-page.png'), fullPage: false });
    });

    it('narrows the operations by a search and by group, with plain form submits', async () => {
      await page.goto(`${stack.gw}/docs`);
      await page.fill('#q', 'sha256');
      await page.click('form.search button');
      expect(new URL(page.url()).searchParams.get('q')).toBe('sha256');
      expect(await shownOperations()).toEqual(['devutils.hashSha256']);
      await page.fill('#q', '');
      await page.selectOption('#group', 'registry');
      await page.click('form.search button');
      const shown = await shownOperations();
      expect(shown.length).toBeGreaterThan(3);
      expect(shown.every((id) => id.startsWith('registry.'))).toBe(true);
    });

    it('shows a paid operation its price and challenge instead of running it', async () => {
      await page.goto(`${stack.gw}/docs/op/devutils.genUuid`);
      await page.click('form[action="/docs/op/devutils.genUuid"] button');
      expect(await page.locator('div.ok p').first().textContent()).toBe(
        'Payment required: $0.005 per call. An agent pays this with x402 or the memo flow; the challenge:',
      );
      expect(JSON.parse((await page.locator('div.ok pre').textContent())!)).toMatchObject({
        x402Version: 1,
        toll: { operation_id: 'devutils.genUuid', usdc: { amount: '0.005' } },
      });
    });

    const submitForm = async (fields: Record<string, string>, checks: string[] = []) => {
      await page.goto(`${stack.gw}/docs/op/registry.submit`);
      for (const [name, value] of Object.entries(fields)) {
        const el = page.locator(`[name="${name}"]`);
        if ((await el.evaluate((e) => e.tagName)) === 'SELECT') await el.selectOption(value);
        else await el.fill(value);
      }
      for (const name of checks) await page.check(`[name="${name}"]`);
      await page.click('form[action="/docs/op/registry.submit"] button');
    };
    const listing = {
      description: 'Radar images for any coordinate',
      category: 'weather',
      endpoint_url: 'https://radar.example/api',
      'io_format.request': 'query',
      'io_format.response': 'json',
      'pricing.model': 'per_call',
      'pricing.usd': '0.002',
      auth_method: 'x402',
      'contact.email': 'ops@radar.example',
      capability_tags: 'weather, radar',
    };

    it('shows the same field errors as the API when a submit misses a field', async () => {
      await submitForm(listing, ['accepted_terms']);
      expect(await fieldErrors()).toEqual(['name: is required']);
      // The error sits under the field it names.
      expect(await page.locator('label[for="f-name"] ~ div.err[data-field="name"]').count()).toBe(1);
      const api = await http(`${stack.gw}/api/submit`, {
        method: 'POST',
        json: {
          description: listing.description,
          category: 'weather',
          endpoint_url: listing.endpoint_url,
          io_format: { request: 'query', response: 'json' },
          pricing: { model: 'per_call', usd: '0.002' },
          auth_method: 'x402',
          contact: { email: 'ops@radar.example' },
          capability_tags: ['weather', 'radar'],
          accepted_terms: true,
        },
      });
      expect([api.status, api.body.error.details.issues]).toEqual([400, [{ field: 'name', message: 'is required' }]]);

      // A rule only the group's schema can judge (pricing.usd is required for per_call): the same issue, under the
      // field.
      await submitForm({ ...listing, name: 'Radar', 'pricing.usd': '' }, ['accepted_terms']);
      expect(await fieldErrors()).toEqual(['pricing.usd: is required for model per_call']);
      await page.screenshot({ path: join(ARTIFACTS, 'catalog-submit-error.png'), fullPage: true });
    });

    it('publishes a valid submit and shows the new listing, then finds it by capability, with the verified badge only on verified ones', async () => {
      await submitForm({ ...listing, name: 'Radar Tiles' }, ['accepted_terms']);
      expect(await fieldErrors()).toEqual([]);
      const listingRow = page.locator('table.rows[data-key="listing"]');
      expect(await listingRow.locator('td').first().textContent()).toMatch(/\S/);
      expect(await page.locator('#result').textContent()).toContain('Radar Tiles');

      await page.goto(`${stack.gw}/docs/op/registry.getListings`);
      await page.fill('[name="capability"]', 'weather');
      await page.click('form[action="/docs/op/registry.getListings"] button');
      const rows = page.locator('table.rows[data-key="listings"] tr');
      const names = await rows.evaluateAll((trs) =>
        trs.slice(1).map((tr) => tr.querySelectorAll('td')[1]?.textContent),
      );
      expect(names.sort()).toEqual(['Radar Tiles', 'Toll Weather']);
      const badges = await rows.evaluateAll((trs) =>
        trs
          .slice(1)
          .map((tr) => [tr.querySelectorAll('td')[1]?.textContent, tr.querySelector('.badge')?.textContent ?? null]),
      );
      expect(badges.sort()).toEqual([
        ['Radar Tiles', null],
        ['Toll Weather', 'verified'],
      ]);

      await page.check('[name="verified_only"]');
      await page.click('form[action="/docs/op/registry.getListings"] button');
      expect(new URL(page.url()).searchParams.get('verified_only')).toBe('true');
      expect(
        await rows.evaluateAll((trs) => trs.slice(1).map((tr) => tr.querySelectorAll('td')[1]?.textContent)),
      ).toEqual(['Toll Weather']);
      await page.screenshot({ path: join(ARTIFACTS, 'catalog-listings.png'), fullPage: true });
    });
  },
);
