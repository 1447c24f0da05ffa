import { Clock } from '@toll/platform';
import { respond, type FakeResponder, groupHarness, tollsOf } from '@toll/testing';
import { join } from 'node:path';
import { startTron } from '../src/bootstrap';

const T0 = Date.parse('2026-11-24T12:00:00Z');
const MINUTE = 60_000;
const SENDER = 'TAuD2W5vggcdy1cNpem4uH3HreRMyPQLHT';
const HOLDER = 'TL2GFgNkMj4Wg52TRNRa1NxBJa1ZN5vZxd'; // holds 10,000 USDT
const EMPTY = 'TEB2oMAzDDHq869w79okFtUHE1bkLbH5RL'; // holds none, never activated
const PARAMS = (at = T0) => ({
  energy_fee_sun: 100,
  bandwidth_fee_sun: 1000,
  free_bandwidth_per_day: 600,
  as_of: new Date(at).toISOString(),
  stale: false,
});
const TRX_USD = { usd: '0.2893', source: 'data:coingecko', as_of: '2026-11-24T11:45:00Z' };
const NO_RENT = expect.stringMatching(/^No energy-rental price source is configured/);
const NODE = [
  'trongrid/chain-parameters',
  'trongrid/resources-sender',
  'trongrid/balance-of-holder',
  'trongrid/account-holder',
  'trongrid/balance-of-empty',
  'trongrid/account-empty',
];
const PRICE_ITEMS = [
  { symbol: 'SOL', name: 'Solana', usd: '142.37', as_of: '2026-11-24T11:45:00Z', source: 'coingecko' },
  { symbol: 'TRX', name: 'TRON', usd: '0.2893', as_of: '2026-11-24T11:45:00Z', source: 'coingecko' },
];

describe('tron over NATS', () => {
  let data: FakeResponder | undefined;
  let now = T0;
  const {
    nc,
    fake,
    use,
    call,
    fixture: fx,
  } = groupHarness({
    name: 'tron',
    start: startTron,
    fixtures: join(__dirname, 'fixtures'),
    clock: { token: Clock, now: () => now },
    env: (u) => ({ TRON_NODE_URLS: u.fake }),
  });

  // The data group, answering data.getBundle with these prices.
  const dataGroup = (items: unknown[]) => {
    data?.stop();
    data = respond(nc, 'toll.data.getBundle', () => ({
      response: { data: { updated: '2026-11-24T11:45:00Z', prices: { items, as_of: '2026-11-24T11:45:00Z' } } },
    }));
  };
  const ok = async (operation: string, input: unknown) => {
    const reply = await call(operation, input);
    expect(reply.err).toBeUndefined();
    return reply.response!.data;
  };

  it('getPrices without a data group: node prices served, TRX/USD null with the reason', async () => {
    use('trongrid/chain-parameters');
    expect(await ok('getPrices', {})).toEqual({
      energy_unit_price_sun: 100,
      bandwidth_unit_price_sun: 1000,
      free_bandwidth_per_day: 600,
      usdt_transfer_burn: {
        to_holder: { energy: 64285, trx: '6.7785', usd: null },
        to_empty: { energy: 130285, trx: '13.3785', usd: null },
      },
      trx_usd: { usd: null, source: null, as_of: null, reason: 'no service is answering toll.data.getBundle' },
      params: PARAMS(),
    });
  });

  it('getPrices when the data group lists no TRX: says so', async () => {
    dataGroup(PRICE_ITEMS.slice(0, 1));
    expect((await ok('getPrices', {})).trx_usd).toEqual({
      usd: null,
      source: null,
      as_of: null,
      reason: "the data group's price list has no TRX",
    });
  });

  it('getPrices: energy and bandwidth prices from the chain, TRX/USD from the data group, both bands priced', async () => {
    dataGroup(PRICE_ITEMS);
    use();
    expect(await ok('getPrices', {})).toEqual({
      energy_unit_price_sun: 100,
      bandwidth_unit_price_sun: 1000,
      free_bandwidth_per_day: 600,
      usdt_transfer_burn: {
        to_holder: { energy: 64285, trx: '6.7785', usd: '1.96' },
        to_empty: { energy: 130285, trx: '13.3785', usd: '3.87' },
      },
      trx_usd: TRX_USD,
      params: PARAMS(),
    });
    expect(fake.hits).toEqual([]); // chain parameters from the hour-long cache
  });

  it('estimate to an address that holds USDT: the 64,285 band, less the sender’s staked energy, free bandwidth enough', async () => {
    use(...NODE);
    expect(await ok('estimate', { from: SENDER, to: HOLDER, amount_usdt: 12.5, trx_balance_sun: 3_000_000 })).toEqual({
      from: SENDER,
      to: HOLDER,
      amount_usdt: '12.5',
      recipient: { holds_usdt: true, usdt_balance: '10000', activated: true },
      energy: {
        required: 64285,
        basis: 'band',
        band: 'recipient holds USDT: about 64,285 energy',
        sender_available: 15000,
        to_burn: 49285,
      },
      bandwidth: { required_bytes: 350, sender_available_bytes: 480, burned: false },
      cost: {
        energy_burn_sun: '4928500',
        bandwidth_burn_sun: '0',
        total_burn_sun: '4928500',
        total_burn_trx: '4.9285',
        total_burn_usd: '1.43',
      },
      balance_check: { trx_balance_sun: '3000000', covers_burn: false, shortfall_sun: '1928500' },
      rent: { available: false, reason: NO_RENT },
      params: PARAMS(),
      trx_usd: TRX_USD,
      notes: [],
    });
    expect(fake.hits.find((h) => h.path === '/wallet/triggerconstantcontract')?.body).toEqual(
      fx('trongrid/balance-of-holder').request.body,
    );
  });

  it('estimate to an empty, never-activated address: the 130,285 band and a note', async () => {
    use(...NODE);
    expect(await ok('estimate', { from: SENDER, to: EMPTY, amount_usdt: 12.5 })).toEqual({
      from: SENDER,
      to: EMPTY,
      amount_usdt: '12.5',
      recipient: { holds_usdt: false, usdt_balance: '0', activated: false },
      energy: {
        required: 130285,
        basis: 'band',
        band: 'recipient holds no USDT: about 130,285 energy',
        sender_available: 15000,
        to_burn: 115285,
      },
      bandwidth: { required_bytes: 350, sender_available_bytes: 480, burned: false },
      cost: {
        energy_burn_sun: '11528500',
        bandwidth_burn_sun: '0',
        total_burn_sun: '11528500',
        total_burn_trx: '11.5285',
        total_burn_usd: '3.34',
      },
      balance_check: null,
      rent: { available: false, reason: NO_RENT },
      params: PARAMS(),
      trx_usd: TRX_USD,
      notes: [
        'the recipient is not activated: a USDT transfer does not activate it, and it cannot receive delegated ' +
          '(rented) energy until it is',
      ],
    });
  });

  it('estimate from a sender with no resources left: all energy and the whole transaction’s bandwidth are burned', async () => {
    use('trongrid/resources-poor', 'trongrid/balance-of-empty', 'trongrid/account-empty');
    const answer = await ok('estimate', { from: HOLDER, to: EMPTY, amount_usdt: 1, trx_balance_sun: 20_000_000 });
    expect([answer.energy.to_burn, answer.bandwidth, answer.cost, answer.balance_check]).toEqual([
      130285,
      { required_bytes: 350, sender_available_bytes: 0, burned: true },
      {
        energy_burn_sun: '13028500',
        bandwidth_burn_sun: '350000',
        total_burn_sun: '13378500',
        total_burn_trx: '13.3785',
        total_burn_usd: '3.87',
      },
      { trx_balance_sun: '20000000', covers_burn: true, shortfall_sun: '0' },
    ]);
  });

  it('estimate with contract_call: the node’s simulation (energy_used + energy_penalty) replaces the band', async () => {
    use(...NODE, 'trongrid/simulate-transfer');
    const answer = await ok('estimate', { from: SENDER, to: HOLDER, amount_usdt: 12.5, contract_call: true });
    expect(answer.energy).toEqual({
      required: 64285,
      basis: 'simulation',
      band: 'recipient holds USDT: about 64,285 energy',
      sender_available: 15000,
      to_burn: 49285,
    });
  });

  it('estimate with contract_call whose simulation reverts: the band, and a note saying why', async () => {
    use(...NODE, 'trongrid/simulate-revert');
    const answer = await ok('estimate', { from: SENDER, to: EMPTY, amount_usdt: 12.5, contract_call: true });
    expect(answer.energy.basis).toBe('band');
    expect(answer.notes[0]).toBe(
      'the node simulation of this transfer reverted (does the sender hold the USDT?): the band is used',
    );
  });

  it.each([
    [
      { from: SENDER, to: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', amount_usdt: 1 },
      'to',
      'not a valid TRON address: the base58check checksum does not match',
    ],
    [
      { from: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e', to: HOLDER, amount_usdt: 1 },
      'from',
      'a TRON base58 address: T followed by 33 base58 characters',
    ],
    [{ from: SENDER, to: HOLDER, amount_usdt: 1.0000001 }, 'amount_usdt', 'at most 6 decimals (USDT has 6)'],
    [{ from: SENDER, to: HOLDER, amount_usdt: 0 }, 'amount_usdt', 'Too small: expected number to be >0'],
    [
      { from: SENDER, to: HOLDER, amount_usdt: 1, trx_balance_sun: 1.5 },
      'trx_balance_sun',
      'Invalid input: expected int, received number',
    ],
  ])('estimate refuses %j in its schema: INVALID_INPUT on %s, the node never asked', async (input, field, message) => {
    use();
    expect((await call('estimate', input)).err).toEqual({
      code: 'INVALID_INPUT',
      message: 'Input failed validation',
      details: { issues: [{ field, message }] },
    });
    expect(fake.hits).toEqual([]);
  });

  it('estimate with the node down and its answers still in the stale window: served, marked in notes', async () => {
    now = T0 + 2 * MINUTE; // account data (30 s fresh, 5 min stale) is stale; chain parameters still fresh
    use(
      'trongrid/unavailable-503-getaccountresource',
      'trongrid/unavailable-503-triggerconstantcontract',
      'trongrid/unavailable-503-getaccount',
    );
    const answer = await ok('estimate', { from: SENDER, to: HOLDER, amount_usdt: 12.5 });
    expect(answer.cost.total_burn_sun).toBe('4928500');
    expect(answer.notes).toEqual([
      'node unreachable: account or chain data from 2026-11-24T12:00:00.000Z is used (UPSTREAM_ERROR: tron-node ' +
        'answered HTTP 503)',
      'node unreachable: account or chain data from 2026-11-24T12:00:00.000Z is used (UPSTREAM_ERROR: tron-node ' +
        'answered HTTP 503)',
    ]);
  });

  it('estimate with the node down and nothing cached: UPSTREAM_ERROR (never charged)', async () => {
    now = T0 + 8 * 24 * 60 * MINUTE; // past every stale window
    use(
      'trongrid/unavailable-503-getchainparameters',
      'trongrid/unavailable-503-getaccountresource',
      'trongrid/unavailable-503-triggerconstantcontract',
      'trongrid/unavailable-503-getaccount',
    );
    expect((await call('estimate', { from: SENDER, to: HOLDER, amount_usdt: 12.5 })).err).toEqual({
      code: 'UPSTREAM_ERROR',
      message: 'tron-node answered HTTP 503',
      details: { upstream: 'tron-node', status: 503 },
    });
  });

  it('estimate: a node slower than the caller’s deadline → UPSTREAM_TIMEOUT promptly', async () => {
    now += 8 * 24 * 60 * MINUTE;
    use(
      'trongrid/slow-chain-parameters',
      'trongrid/resources-sender',
      'trongrid/balance-of-holder',
      'trongrid/account-holder',
    );
    const started = Date.now();
    const { err } = await call('estimate', { from: SENDER, to: HOLDER, amount_usdt: 12.5 }, 1_500);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(err).toEqual({
      code: 'UPSTREAM_TIMEOUT',
      message: expect.stringMatching(/^tron-node did not answer in \d+ ms$/),
      details: { upstream: 'tron-node' },
    });
  });

  it('serves its health: nodes, last node failure, TRX/USD source, tolls', async () => {
    const health = await ok('getHealth', {});
    expect(health).toMatchObject({
      service: 'tron',
      title: 'Tron Energy',
      usdt_contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    });
    expect(health.nodes).toEqual([{ id: 'node-1', host: new URL(fake.url).host, role: 'primary' }]);
    expect(health.node.last_failure).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
    expect(health.trx_usd).toEqual(TRX_USD);
    expect(health.tolls).toEqual(
      tollsOf([
        ['tron.estimate', 'POST', '/toll/tron/estimate', '0.005'],
        ['tron.getPrices', 'GET', '/toll/tron/prices', null],
        ['tron.getHealth', 'GET', '/toll/tron/health', null],
      ]),
    );
  });
});
