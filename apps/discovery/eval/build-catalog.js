#!/usr/bin/env node
// Writes eval/catalog.json: route manifests for every operation of spec §4, so the match evaluation does not
// depend on which apps run. A group that is built (apps/<group>/dist) contributes exactly what its replicas announce:
// the @TollRoute declarations of its controllers (summary, description, tags, price, input schema), so the eval
// ranks the text a running discovery service sees. A group not built yet falls back to the rows below, in the spec's
// own wording; the operationIds of both must agree.
// Run: node apps/discovery/eval/build-catalog.js (after `npm run build`: it validates with @toll/contracts).
const { existsSync, readdirSync, readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { GroupManifest, manifestViolations, subjectOf } = require('@toll/contracts');
const { TOLL_ROUTE } = require('@toll/platform');
const { z } = require('zod');

const str = (description) => ({ type: 'string', description });
const num = (description) => ({ type: 'number', description });
const int = (description) => ({ type: 'integer', description });
const bool = (description) => ({ type: 'boolean', description });
const arr = (description) => ({ type: 'array', items: { type: 'string' }, description });
const obj = (description) => ({ type: 'object', description });
const opt = (schema) => ({ ...schema, optional: true });

const call = (usd) => ({ per: 'call', usd });
const FREE = null;
const PAID = call('0.005');
const LAT_LON = { lat: num('Latitude'), lon: num('Longitude') };
const health = (what) => ['GET', 'health', 'getHealth', FREE, what, {}];

// [method, path under the group prefix (or absolute), operation, price, summary, inputs]
const GROUPS = {
  data: [
    'Data bundle',
    [
      [
        'GET',
        '/api/data',
        'getBundle',
        call('0.05'),
        'Unified data response: live crypto prices, ETF distribution yields, verified bank rates and staking ' +
          'yields, each section with its freshness',
        { include: opt(str('Comma-separated subset of prices, yields, rates, staking; default all')) },
      ],
      ['GET', '/api/data/schema', 'getSchema', FREE, 'Machine schema of the unified data response', {}],
    ],
  ],
  registry: [
    'Registry',
    [
      ['GET', '/api/listings', 'getListings', FREE, 'All registry listings', {}],
      ['GET', '/registry.json', 'getSnapshot', FREE, 'Static snapshot of the four operator-verified listings', {}],
      [
        'POST',
        '/api/submit',
        'submit',
        FREE,
        'Submit a listing to the registry; validated and rate-limited, published immediately as unverified',
        {
          name: str('Listing name'),
          description: str('What the service does'),
          category: str('Category'),
          endpoint_url: str('Service URL'),
          io_format: obj('Input/output format'),
          pricing: obj('Pricing'),
          auth_method: str('One of none, api-key, x402, signature'),
          contact: obj('Contact'),
          accepted_terms: bool('Must be true'),
        },
      ],
      [
        'POST',
        '/api/questionnaire',
        'submitQuestionnaire',
        FREE,
        'Demand-research questionnaire answers; private, never published',
        {},
      ],
    ],
  ],
  discovery: [
    'Discovery',
    [
      [
        'POST',
        'match',
        'match',
        call('0.02'),
        'Ranked tools and services for a plain-language task',
        {
          task: str('Plain-language task'),
          max_price: opt(num('Price ceiling in USD per call')),
          limit: opt(int('1-20, default 5')),
        },
      ],
      [
        'POST',
        'register',
        'register',
        FREE,
        'Register a tool in the discovery index',
        {
          name: str('Name'),
          endpoint: str('Endpoint URL'),
          description: str('Description'),
          price_per_call: num('Price per call in USD'),
          tags: arr('Tags'),
          schema_url: opt(str('Schema URL')),
        },
      ],
      [
        'GET',
        'search',
        'search',
        FREE,
        'Keyword teaser search of the discovery index',
        { q: str('Keywords'), limit: opt(int('1-20')) },
      ],
      health('Discovery service info and full endpoint catalog'),
    ],
  ],
  rpc: [
    'RPC Gateway',
    [
      [
        'POST',
        '',
        'call',
        { per: 'block', usd: '0.01', requests: 1000 },
        'Cached, failover proxy to Solana JSON-RPC',
        {
          jsonrpc: str('2.0'),
          id: str('Request id'),
          method: str('Solana RPC method'),
          params: opt(arr('Parameters')),
        },
      ],
      [
        'GET',
        '',
        'query',
        { per: 'block', usd: '0.01', requests: 1000 },
        'Cached, failover proxy to Solana JSON-RPC (method and params in the query)',
        { method: str('Solana RPC method'), params: opt(str('JSON array as text')) },
      ],
      ['GET', 'upstreams', 'getUpstreams', FREE, 'Configured RPC upstreams with health and latency', {}],
      health('RPC gateway status, upstream health, cache stats'),
    ],
  ],
  fees: [
    'Fee Oracle',
    [
      [
        'POST',
        'estimate',
        'estimate',
        PAID,
        'Total fee estimate for a transaction or a set of accounts',
        {
          transaction_base64: opt(str('Transaction, base64')),
          accounts: opt(arr('Account public keys')),
          priority: str('low, medium or high'),
        },
      ],
      [
        'POST',
        'optimize',
        'optimize',
        PAID,
        'Unsigned fee-optimized transaction',
        { transaction_base64: str('Transaction, base64'), priority: str('low, medium or high') },
      ],
      ['GET', 'fees', 'getFees', FREE, 'Current network fee percentiles', {}],
      health('Fee oracle upstream status, latency, toll schedule'),
    ],
  ],
  tron: [
    'Tron Energy',
    [
      [
        'POST',
        'estimate',
        'estimate',
        PAID,
        'Energy, bandwidth and TRX burn of a USDT TRC-20 transfer, recipient-aware (holds USDT or not, ' +
          'activated), net of the sender’s own resources',
        {
          from: str('Sender: TRON base58check address (T…)'),
          to: str('Recipient: TRON base58check address (T…)'),
          amount_usdt: num('USDT to send (6 decimals at most)'),
          trx_balance_sun: opt(int("Sender's TRX balance in sun: the answer says whether it covers the burn")),
          contract_call: opt(bool('Also simulate this exact transfer on the node and use its energy')),
        },
      ],
      [
        'GET',
        'prices',
        'getPrices',
        FREE,
        'TRON energy unit price, bandwidth price and TRX/USD, with the TRX burned by a USDT transfer in each band',
        {},
      ],
      health('Tron energy service status: nodes, last node success and failure, TRX/USD source, tolls'),
    ],
  ],
  batch: [
    'Batch Scorer',
    [
      [
        'POST',
        'score',
        'score',
        PAID,
        'Settlement risk of a signed payment voucher (IOU) before serving on credit: signature check, 0-100 ' +
          'score with factors, accept / limit / reject',
        {
          voucher: obj(
            'Voucher: payer (base64 Ed25519 key), amount (atomic units), nonce, expiry, issued_at (unix ' +
              'seconds), signature (base64)',
          ),
        },
      ],
      [
        'POST',
        'checkpoint',
        'checkpoint',
        FREE,
        'Report how a scored voucher ended (settled, defaulted or expired) into the payer reputation graph',
        {
          voucher_id: str('The voucher_id a score returned'),
          payer: str('Payer public key, base64'),
          amount: int('Atomic units this outcome concerns'),
          status: str('settled, defaulted or expired'),
          checkpoint_token: str('The checkpoint_token the score returned'),
        },
      ],
      [
        'GET',
        'payer/{address}',
        'getPayer',
        FREE,
        "A payer's track record paying vouchers: settled, defaulted and expired counts and amounts (aggregates only)",
        { address: str('Payer public key, base64') },
      ],
      health('Batch Scorer status, scoring weights and thresholds, and endpoint catalog'),
    ],
  ],
  bridge: [
    'Bridge Scorer',
    [
      [
        'POST',
        'score',
        'score',
        call('0.01'),
        'Risk score of moving a token over a bridge between two chains: structural security, liquidity for the ' +
          'amount, hack history, each factor explained',
        {
          bridge: str('Bridge: e.g. wormhole / portal, cctp, stargate, across, arbitrum bridge'),
          from_chain: str('Source chain: e.g. ethereum / eth / mainnet, arbitrum / arb, solana / sol'),
          to_chain: str('Destination chain, same spellings as from_chain'),
          token: str('Token symbol to move, e.g. USDC'),
          amount_usd: num('Amount to move, in USD'),
        },
      ],
      [
        'GET',
        'bridges',
        'getBridges',
        FREE,
        'All tracked cross-chain bridges scored on a reference transfer and ranked, safest first',
        {},
      ],
      [
        'GET',
        'incidents',
        'getIncidents',
        FREE,
        'Bridge hacks and exploits database: date, USD lost and returned, technique, source; filter by bridge ' +
          'and date, newest first',
        {
          bridge: opt(str('Only this bridge’s incidents')),
          since: opt(str('On or after this date (YYYY-MM-DD)')),
          until: opt(str('On or before this date (YYYY-MM-DD)')),
          limit: opt(int('1-100, default 20')),
        },
      ],
      health('Bridge scorer status: tracked bridges with review dates, chain names and aliases, sources, tolls'),
    ],
  ],
  spend: [
    'Spend Governance',
    [
      [
        'POST',
        'check',
        'check',
        call('0.01'),
        'Before paying: may this agent spend this amount? Allow or deny against its budget (per payment, daily, ' +
          'weekly, monthly), with every reason',
        {
          agent_id: str('The agent this policy governs'),
          amount_usd_cents: int('The spend in USD cents'),
          recipient: opt(str('Who would be paid (address, host or name)')),
          category: opt(str('What the spend is for, as a registry capability tag (e.g. "weather")')),
        },
      ],
      [
        'POST',
        'confirm',
        'confirm',
        FREE,
        'Record the final amount of an approved spend (at most what was approved); the rest goes back to the budget',
        {
          agent_id: str('Agent id'),
          decision_id: str('The decision_id a check returned'),
          amount_usd_cents: opt(int('The final amount actually spent')),
        },
      ],
      [
        'POST',
        'void',
        'void',
        FREE,
        'Cancel an approved spend that never happened, giving the reserved amount back to the budget',
        { agent_id: str('Agent id'), decision_id: str('The decision_id a check returned') },
      ],
      [
        'POST',
        'policy',
        'setPolicy',
        FREE,
        "Set an agent's spending rules: limits per payment, day, week and month, allowed categories, blocked " +
          'recipients',
        {
          agent_id: str('Agent id'),
          per_tx_limit_cents: int('Largest single spend in USD cents'),
          daily_limit_cents: int('Spend allowed per day in USD cents'),
          weekly_limit_cents: int('Spend allowed per week in USD cents'),
          monthly_limit_cents: int('Spend allowed per month in USD cents'),
          allowed_categories: arr('Registry capability tags a spend may be for'),
          blocked_recipients: arr('Recipients never paid'),
          active: bool('false switches the policy off'),
          window_mode: opt(str('calendar or rolling')),
          warn_at_percent: opt(int('Warn from this share of a limit')),
          hold_seconds: opt(int('How long an allowed amount stays voidable')),
          allowed_payers: opt(arr('Only checks paid from these wallets are allowed')),
          policy_secret: opt(str('Required to change an existing policy')),
          rotate_credentials: opt(bool('Replace policy_secret and read_key')),
        },
      ],
      [
        'GET',
        'policy/{agent_id}',
        'getPolicy',
        FREE,
        "An agent's spending rules and live budget usage: used, left and when each day, week and month resets",
        {
          agent_id: str('Agent id'),
          read_key: str('The read_key returned when the policy was created'),
          version: opt(int('Also return this earlier version')),
        },
      ],
      [
        'GET',
        'audit/{agent_id}',
        'getAudit',
        FREE,
        "History of an agent's spend decisions, newest first: allowed or refused, why, and by which policy version",
        {
          agent_id: str('Agent id'),
          read_key: str('The read_key returned when the policy was created'),
          limit: opt(int('Entries per page, 1-100')),
          cursor: opt(str('next_cursor from the previous page')),
        },
      ],
      health('Spend Governance (agent budgets) status, rules and endpoint catalog'),
    ],
  ],
  sec: [
    'SEC Fundamentals',
    [
      [
        'GET',
        'fundamentals/{ticker}',
        'getFundamentals',
        call('0.02'),
        'Company fundamentals from SEC filings: revenue, net income, EPS, assets, liabilities, equity, operating ' +
          'cash flow, shares outstanding; latest annual and quarterly, each with period, form, accession number ' +
          'and XBRL concept',
        { ticker: str('US ticker symbol, e.g. AAPL or BRK.B (case-insensitive)') },
      ],
      [
        'GET',
        'filings/{ticker}',
        'getFilings',
        FREE,
        "A company's last 10 SEC filings (10-K, 10-Q, 8-K, …) with filing date, report date, accession number " +
          'and EDGAR archive links',
        { ticker: str('US ticker symbol, e.g. AAPL or BRK.B (case-insensitive)') },
      ],
      health(
        'SEC fundamentals service status, source terms, shared rate governor, tolls, cache stats and endpoint catalog',
      ),
    ],
  ],
  short: [
    'Short Interest',
    [
      [
        'GET',
        'short/{ticker}',
        'getShort',
        call('0.01'),
        'Latest short interest for a US-listed ticker: shares short, previous period, change, average daily ' +
          'volume, days to cover, settlement and publication dates',
        { ticker: str('US ticker symbol, e.g. GME or BRK.B (case-insensitive)') },
      ],
      [
        'GET',
        'most-shorted',
        'getMostShorted',
        FREE,
        'Top 20 most-shorted US stocks by days to cover for the latest settlement date (liquidity floor applied)',
        {},
      ],
      health(
        'Short interest sync status: last settlement date loaded, when, next expected; tolls and endpoint catalog',
      ),
    ],
  ],
  etf: [
    'ETF Distributions',
    [
      [
        'GET',
        'distributions/{ticker}',
        'getDistributions',
        call('0.01'),
        'Full ETF distribution history (ex, record and pay dates, amount, type), payout frequency, ' +
          'trailing-12-month total and annualized yield',
        {
          ticker: str('ETF ticker symbol, e.g. SCHD'),
          price: opt(num('Share price to compute the yield with; default: the latest price from the source')),
        },
      ],
      [
        'GET',
        'screener',
        'getScreener',
        FREE,
        'ETFs ranked by annualized distribution per share and yield, filtered by minimum yield and payout ' +
          'frequency, over a documented universe',
        {
          min_yield: opt(num('Minimum annualized yield, percent')),
          frequency: opt(str('Payout frequency filter: monthly, quarterly, semiannual, annual')),
          limit: opt(int('Result limit, 1-50, default 20')),
        },
      ],
      health('ETF distributions service status, sources, screener universe and refresh, tolls and endpoint catalog'),
    ],
  ],
  macro: [
    'Macro & Civic',
    [
      [
        'GET',
        'latest/{series}',
        'getLatest',
        PAID,
        'Latest value of a US macroeconomic series (CPI inflation, unemployment rate, GDP, Fed funds policy ' +
          'rate, Treasury yields, national debt) by friendly name or FRED id, with units, frequency, seasonal ' +
          'adjustment and release date',
        {
          series: str(
            'A friendly name (cpi, unemployment_rate, gdp, fed_funds_rate, treasury_10y, national_debt, …) or a ' +
              'FRED series id in capitals such as CPIAUCSL',
          ),
        },
      ],
      [
        'GET',
        'history/{series}',
        'getHistory',
        call('0.01'),
        'History of a US economic series over time, for charts: CPI inflation, unemployment, real GDP growth, ' +
          'federal funds rate, Treasury yields, national debt; monthly, quarterly or daily values since a start ' +
          'date, up to 1000 points',
        {
          series: str('A friendly name or a FRED series id'),
          start: opt(str('First observation date to include, YYYY-MM-DD')),
          limit: opt(int('Most observations to return, 1-1000, default 120')),
        },
      ],
      [
        'GET',
        'representatives',
        'getRepresentatives',
        call('0.01'),
        'Who represents a US street address or map point in Congress: my congressman or congresswoman (House ' +
          'representative), both senators, the congressional district, state and county, with phone and website',
        {
          lat: opt(num('Latitude in decimal degrees (with lon)')),
          lon: opt(num('Longitude in decimal degrees (with lat)')),
          address: opt(str('US street address on one line (instead of lat/lon)')),
        },
      ],
      [
        'GET',
        'series',
        'listSeries',
        FREE,
        'List of the economic indicators available by name (cpi, unemployment_rate, gdp, fed_funds_rate, ' +
          'treasury_10y, national_debt, …) with FRED id, units and frequency',
        {},
      ],
      health(
        'Macro economic data and civic lookup service status: is it working, source terms, FRED key and ' +
          'governor, tolls, cache stats and endpoint catalog',
      ),
    ],
  ],
  company: [
    'Company Snapshot',
    [
      [
        'GET',
        'snapshot',
        'getSnapshot',
        call('0.02'),
        'Company profile and overview by ticker, CIK, LEI or exact name: legal name, identifiers (ticker, ' +
          'exchange, CIK, LEI, ISINs), industry, addresses, jurisdiction, legal form, status, parent companies, ' +
          'year-end and headline financials with the filing reference',
        {
          ticker: opt(str('US ticker symbol, e.g. AAPL or BRK.B')),
          cik: opt(str('SEC Central Index Key')),
          lei: opt(str('Legal Entity Identifier, 20 characters')),
          name: opt(str('Company name, matched exactly')),
        },
      ],
      [
        'GET',
        'search',
        'search',
        PAID,
        'Find companies by name and resolve a business name to its ticker and identifiers: fuzzy match on legal ' +
          'names in SEC and GLEIF, ranked candidates with ticker, CIK, LEI and the reason each matched',
        { q: str('Company name or part of it'), limit: opt(int('1-20, default 10')) },
      ],
      health(
        'Company snapshot service status, source terms, shared rate governors, tolls, cache stats and endpoint catalog',
      ),
    ],
  ],
  screener: [
    'Stock Screener',
    [
      [
        'POST',
        'screen',
        'screen',
        call('0.01'),
        'Screen US stocks by market cap, sector, price, P/E, price/book, net and operating margin, revenue ' +
          'growth and dividend yield ranges, sorted, up to 100 rows with evaluated_count and match_count',
        {
          market_cap_min: opt(num('Minimum market cap, USD')),
          pe_max: opt(num('Maximum price/earnings')),
          dividend_yield_min: opt(num('Minimum dividend yield, percent')),
          sectors: opt(arr('Sectors to keep')),
          sort: opt(str('Field to sort by')),
          limit: opt(int('1-100, default 25')),
        },
      ],
      [
        'POST',
        'preview',
        'preview',
        FREE,
        'Free preview of a stock screen: how many US stocks match the filters and the first 3 tickers, before ' +
          'paying for the full results',
        {
          market_cap_min: opt(num('Minimum market cap, USD')),
          pe_max: opt(num('Maximum price/earnings')),
          sectors: opt(arr('Sectors to keep')),
        },
      ],
      [
        'GET',
        'stock/{ticker}',
        'getStock',
        PAID,
        'Valuation ratios of one ticker: P/E, price to book, net and operating margin, revenue growth, dividend ' +
          'yield, market cap and sector of a single US stock from the screener data',
        { ticker: str('US ticker symbol, e.g. KO or BRK.B') },
      ],
      health(
        'Stock screener status: when the data was last rebuilt, how many stocks it covers, last build outcome, ' +
          'screenable fields and sectors, tolls and endpoint catalog',
      ),
    ],
  ],
  tokens: [
    'Token Safety',
    [
      [
        'GET',
        'token/{mint}',
        'getToken',
        PAID,
        'Name, symbol, decimals, supply, authorities of a Solana mint',
        { mint: str('Solana mint address') },
      ],
      [
        'GET',
        'score/{mint}',
        'getScore',
        call('0.02'),
        '0-100 safety score with explainable factors',
        { mint: str('Solana mint address') },
      ],
      ['GET', 'launches', 'getLaunches', FREE, 'Recently scored tokens', { limit: opt(int('Default 20')) }],
      health('Token safety status'),
    ],
  ],
  funding: [
    'Funding Rates',
    [
      [
        'GET',
        'funding/{symbol}',
        'getFunding',
        PAID,
        'Perpetual futures funding rate of one market on Binance, Bybit and OKX, normalised to hourly and ' +
          'annualized, with the cross-venue spread',
        {
          symbol: str(
            'Perpetual in any usual form: BTC, BTC-USDT, BTC/USDT, btcusdt, BTC-PERP, BTC-USDT-SWAP (USDT-margined)',
          ),
        },
      ],
      [
        'GET',
        'liquidations/{symbol}',
        'getLiquidations',
        PAID,
        'Liquidation heatmap of a perpetual: liquidated notional by price and time bucket, long vs short, from ' +
          'recorded events, with the window actually covered',
        {
          symbol: str('Perpetual in any usual form (BTC, BTC-USDT, …)'),
          hours: opt(int('Window ending now, in hours: 1-72 (default 24)')),
        },
      ],
      [
        'GET',
        'top-funded',
        'getTopFunded',
        FREE,
        'Perpetual markets with the highest funding rates across venues, annualized, above a 24 h volume floor',
        { limit: opt(int('Rows to return, 1-100 (default 20)')) },
      ],
      health(
        'Funding rates service status: tracked markets, venues with their last success and failure, liquidation ' +
          'collector, tolls',
      ),
    ],
  ],
  messaging: [
    'Messaging-bot Provisioning',
    [
      [
        'POST',
        'provision',
        'provision',
        { per: 'bot-month', usd: '0.50' },
        'Rent a Telegram bot for one month (30 days): its token and username right away, with a webhook or ' +
          'polling; or renew your bot for another month',
        {
          name: opt(str('Display name for the bot, 1-64 characters')),
          description: opt(str('What users see in an empty chat with the bot')),
          short_description: opt(str("Shown on the bot's profile page")),
          webhook_url: opt(str("https URL on a public host that receives the bot's updates; omit to poll")),
          webhook_secret: opt(str('Sent back in the X-Telegram-Bot-Api-Secret-Token header')),
          lease_id: opt(str('Renewal: the lease to extend by one month')),
          lease_key: opt(str('Renewal: proof of being the holder')),
        },
      ],
      [
        'POST',
        'release',
        'release',
        FREE,
        'Give a rented Telegram bot back before its month ends (free): the token is revoked and the bot reset',
        { lease_id: str('The lease to end now'), lease_key: str('Proof of being the holder') },
      ],
      health(
        'Messaging-bot provisioning status: pool size (available, leased, resetting, quarantined), plan pricing ' +
          'and endpoint catalog',
      ),
    ],
  ],
  weather: [
    'Weather',
    [
      ['GET', 'current', 'getCurrent', PAID, 'Current conditions, metric and imperial', LAT_LON],
      ['GET', 'forecast', 'getForecast', PAID, 'Daily forecast', { ...LAT_LON, days: opt(int('1-16, default 7')) }],
      ['GET', 'alerts', 'getAlerts', PAID, 'Active alerts for US points', LAT_LON],
      health('Weather status, sources, tolls'),
    ],
  ],
  news: [
    'News',
    [
      [
        'GET',
        'search',
        'search',
        PAID,
        'News search',
        { q: str('Query'), days: opt(int('Lookback')), limit: opt(int('Limit')), lang: opt(str('Language filter')) },
      ],
      [
        'GET',
        'trending',
        'getTrending',
        PAID,
        'Trending news',
        { days: opt(int('Lookback')), limit: opt(int('Limit')) },
      ],
      ['GET', 'timeline', 'getTimeline', PAID, 'News timeline', { q: str('Query'), days: opt(int('Lookback')) }],
      health('News status'),
    ],
  ],
  wiki: [
    'Wiki Answers',
    [
      ['GET', 'answer', 'getAnswer', PAID, 'Wiki answer', { q: str('Question or topic') }],
      [
        'GET',
        'related',
        'getRelated',
        PAID,
        'Articles linked from the resolved page',
        { q: str('Question or topic'), limit: opt(int('Max 50, default 10')) },
      ],
      health('Wiki status, upstreams, tolls, license'),
    ],
  ],
  books: [
    'Book Metadata',
    [
      [
        'GET',
        'book',
        'getBook',
        PAID,
        'Book details for one ISBN (10 or 13 digits, as on the barcode): title, author, publisher, publication ' +
          'date, page count, language, subjects, cover image, identifiers and work',
        { isbn: str('ISBN-10 or ISBN-13, hyphens optional; check digit verified') },
      ],
      [
        'POST',
        'batch',
        'getBatch',
        call('0.02'),
        'Book details for a list of up to 20 ISBNs or book barcodes at once, one row per book',
        { isbns: arr('1-20 ISBNs (10 or 13 digits)') },
      ],
      [
        'GET',
        'search',
        'search',
        PAID,
        'Find books and novels by author, title, subject or keywords: matching works with authors, first ' +
          'publication year, editions, ISBNs and cover',
        {
          q: opt(str('Free text matched against titles, authors and subjects')),
          title: opt(str('Words in the title')),
          author: opt(str('Author name')),
          subject: opt(str('Subject, e.g. "science fiction"')),
          limit: opt(int('Results to return (1-40)')),
        },
      ],
      health(
        'Book metadata service health: whether it is up, its sources and licence terms, what each call costs, ' +
          'cache and endpoint catalog',
      ),
    ],
  ],
  recalls: [
    'Recall Search',
    [
      [
        'GET',
        'search',
        'search',
        call('0.01'),
        'Search US recalls and market withdrawals of food, medicines and drugs, medical devices (FDA) and ' +
          'consumer products such as toys or strollers (CPSC), by keyword, date and severity class',
        {
          q: str(
            'What to look for: a product, ingredient, hazard or firm, e.g. "listeria", "peanut butter", "stroller"',
          ),
          category: opt(
            str('food, drug, device, consumer or vehicle (q an NHTSA campaign number); default the first four'),
          ),
          from: opt(str('Recalls reported on or after this day (YYYY-MM-DD)')),
          to: opt(str('Recalls reported on or before this day (YYYY-MM-DD)')),
          classification: opt(str('FDA severity: class-i, class-ii or class-iii')),
          limit: opt(int('Recalls to return (1-50), newest first')),
        },
      ],
      [
        'GET',
        'vehicle',
        'getVehicle',
        PAID,
        'Car and vehicle safety recalls (NHTSA campaigns) by make, model and model year: affected component, ' +
          'summary, risk, remedy, do-not-drive warnings',
        { make: str('Vehicle make, e.g. "Honda"'), model: str('Model, e.g. "Accord"'), year: int('Model year') },
      ],
      [
        'GET',
        'vin',
        'getVin',
        call('0.01'),
        'Car recalls by VIN (vehicle identification number): decodes the VIN to make, model and year (NHTSA ' +
          'vPIC), then lists its NHTSA recall campaigns',
        { vin: str('17-character Vehicle Identification Number; check digit verified') },
      ],
      health(
        'Recall search service health: whether it is up, its sources and licence terms, what each call costs, ' +
          'cache and endpoint catalog',
      ),
    ],
  ],
  devutils: [
    'Dev Utilities',
    [
      ['GET', 'ip', 'getIp', PAID, 'Caller IP geolocation (country, city, ASN, timezone)', {}],
      ['GET', 'gen/uuid', 'genUuid', PAID, 'Random version-4 UUID', {}],
      [
        'GET',
        'gen/password',
        'genPassword',
        PAID,
        'Password',
        { length: opt(int('Password length, 4-128 chars, default 20')) },
      ],
      ['GET', 'gen/token', 'genToken', PAID, 'Token', { bytes: opt(int('1-256 bytes, default 32; hex')) }],
      ['POST', 'encode/base64', 'encodeBase64', PAID, 'Encode base64', { text: str('Text') }],
      ['POST', 'decode/base64', 'decodeBase64', PAID, 'Decode base64', { text: str('Text') }],
      ['POST', 'hash/sha256', 'hashSha256', PAID, 'SHA-256 hex digest', { text: str('Text') }],
      ['POST', 'hash/md5', 'hashMd5', PAID, 'MD5 hash', { text: str('Text') }],
      [
        'POST',
        'jwt/decode',
        'decodeJwt',
        PAID,
        'Decodes JWT header and payload, no signature check',
        { token: str('Token') },
      ],
      ['GET', 'time/now', 'getTimeNow', PAID, 'Time now', { tz: opt(str('IANA timezone')) }],
      [
        'POST',
        'time/convert',
        'convertTime',
        PAID,
        'Time convert',
        { time: str('Time'), from_tz: str('From timezone'), to_tz: str('To timezone') },
      ],
      [
        'GET',
        'units/convert',
        'convertUnits',
        PAID,
        'Units convert; categories length, weight, temperature, volume, data, speed',
        { from: str('From unit'), to: str('To unit'), value: num('Value') },
      ],
      ['GET', 'color/convert', 'convertColor', PAID, 'HEX/RGB/HSL', { hex: opt(str('Hex color')) }],
      [
        'GET',
        'cron/parse',
        'parseCron',
        PAID,
        'Returns next 5 runs and a human description',
        { expr: str('Cron expression') },
      ],
      ['POST', 'json/format', 'formatJson', PAID, 'JSON format', { text: str('Text') }],
      ['POST', 'json/validate', 'validateJson', PAID, 'Validates JSON syntax', { text: str('Text') }],
      health('Dev utilities service info and endpoint catalog'),
    ],
  ],
  jobs: [
    'Jobs Aggregator',
    [
      [
        'GET',
        'search',
        'searchJobs',
        call('0.01'),
        'Search job postings merged from several job boards: keywords, location or remote, job type, salary ' +
          'floor, posted since; deduplicated, newest first, paged',
        {
          q: opt(str('Keywords; every word must appear in the title, company, location or tags')),
          location: opt(str('Place the job is in')),
          remote: opt(bool('true: remote jobs only; false: on-site only')),
          job_type: opt(str('One of full_time, part_time, contract, internship, temporary')),
          salary_min: opt(int('Yearly salary floor')),
          salary_currency: opt(str('ISO 4217, default USD')),
          posted_since: opt(str('Only jobs posted at or after this date')),
          source: opt(str('arbeitnow or usajobs')),
          limit: opt(int('1-50, default 20')),
          cursor: opt(str('next_cursor of the previous page')),
        },
      ],
      [
        'GET',
        'job',
        'getJob',
        call('0.005'),
        'One job posting by id with its full description, link back and the same job on other boards',
        { id: str('Job id from a search answer') },
      ],
      health(
        'Jobs service status, sources with their licence terms (and the ones refused), tolls, index stats and ' +
          'endpoint catalog',
      ),
    ],
  ],
  trademarks: [
    'Trademark Watch',
    [
      [
        'GET',
        'status',
        'getStatus',
        PAID,
        'Status of a US trademark by serial or registration number: mark, status with date and meaning, owner, ' +
          'classes with goods and services, key dates, prosecution history',
        {
          serial: opt(str('Application serial number, 8 digits')),
          registration: opt(str('Registration number, up to 8 digits')),
        },
      ],
      [
        'GET',
        'search',
        'searchMarks',
        call('0.01'),
        'Marks similar to a name in given classes: exact, sound-alike (phonetic) and fuzzy (typo) matches over ' +
          'US trademark applications, ranked, each with its reason',
        {
          mark: str('The word mark to check, e.g. a product or company name'),
          classes: opt(str('Nice classes 1-45, comma-separated')),
          match: opt(str('Subset of exact, phonetic, fuzzy')),
          min_similarity: opt(num('Fuzzy similarity floor, 0.5-1')),
          limit: opt(int('1-100, default 20')),
        },
      ],
      health(
        'Trademark service status, sources with licence terms and key configuration, ingest state, tolls, cache ' +
          'stats and endpoint catalog',
      ),
    ],
  ],
};

function inputSchema(fields) {
  const properties = {};
  const required = [];
  for (const [name, { optional, ...schema }] of Object.entries(fields)) {
    properties[name] = schema;
    if (!optional) required.push(name);
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  };
}

const appsDir = path.join(__dirname, '..', '..');

// The @TollRoute declarations of a built group's controllers, as CatalogService announces them; null if not built.
function announced(group) {
  const dist = path.join(appsDir, group, 'dist');
  const controllers = existsSync(dist) ? readdirSync(dist).filter((f) => f.endsWith('.controller.js')) : [];
  if (!controllers.length) return null;
  const bootstrap = path.join(appsDir, group, 'src', 'bootstrap.ts');
  const title = existsSync(bootstrap) ? /title: '([^']+)'/.exec(readFileSync(bootstrap, 'utf8'))?.[1] : undefined;
  const routes = [];
  for (const file of controllers) {
    for (const exported of Object.values(require(path.join(dist, file)))) {
      if (typeof exported !== 'function') continue;
      for (const name of Object.getOwnPropertyNames(exported.prototype)) {
        const r = name === 'constructor' ? undefined : Reflect.getMetadata(TOLL_ROUTE, exported.prototype[name]);
        if (r) routes.push(r);
      }
    }
  }
  return { title, routes };
}

const aliases = {};
const manifests = Object.entries(GROUPS).map(([group, [specTitle, rows]]) => {
  const built = announced(group);
  if (built) {
    const builtIds = new Set(built.routes.map((r) => r.operationId));
    // A row announced under another operationId (same method and path) is that operation: tasks naming it are aliased.
    const renamed = (r) =>
      built.routes.find(
        (b) => b.method === r[0] && b.path === (r[1].startsWith('/') ? r[1] : `/toll/${group}/${r[1]}`),
      );
    for (const r of rows)
      if (!builtIds.has(`${group}.${r[2]}`) && renamed(r)) aliases[`${group}.${r[2]}`] = renamed(r).operationId;
    const notBuilt = rows.filter((r) => !builtIds.has(`${group}.${r[2]}`) && !renamed(r));
    const extra = [...builtIds].filter((id) => !rows.some((r) => `${group}.${r[2]}` === id));
    if (notBuilt.length || extra.length)
      console.warn(
        `${group}: announced but not in the rows here: ${extra.join(', ') || 'none'}; in the rows but not ` +
          `announced (kept from the rows): ${notBuilt.map((r) => r[2]).join(', ') || 'none'}`,
      );
    const title = built.title ?? specTitle;
    return GroupManifest.parse({
      contract: 1,
      group,
      title,
      version: 'built',
      instanceId: 'eval-snapshot',
      routes: built.routes
        .map((r) => ({
          operationId: r.operationId,
          subject: subjectOf(r.operationId),
          method: r.method,
          path: r.path,
          summary: r.summary,
          description: r.description,
          asks: r.asks,
          tags: r.tags ?? [title],
          price: r.price,
          inputSchema: z.toJSONSchema(r.input, { io: 'input', unrepresentable: 'any' }),
          outputSchema: { type: 'object' },
          timeoutMs: r.timeoutMs,
        }))
        .concat(notBuilt.length ? specManifest(group, title, notBuilt).routes : []),
    });
  }
  return specManifest(group, specTitle, rows);
});

function specManifest(group, title, routes) {
  return GroupManifest.parse({
    contract: 1,
    group,
    title,
    version: 'spec-1.0.0',
    instanceId: 'eval-snapshot',
    routes: routes.map(([method, sub, op, price, summary, fields]) => ({
      operationId: `${group}.${op}`,
      subject: subjectOf(`${group}.${op}`),
      method,
      path: sub.startsWith('/') ? sub : `/toll/${group}/${sub}`,
      summary,
      tags: [title],
      price,
      inputSchema: inputSchema(fields),
      outputSchema: { type: 'object' },
      timeoutMs: 10_000,
    })),
  });
}
for (const m of manifests) {
  const problems = manifestViolations(m);
  if (problems.length) throw new Error(problems.join('\n'));
}
const file = path.join(__dirname, 'catalog.json');
writeFileSync(file, JSON.stringify(manifests, null, 1) + '\n');
writeFileSync(path.join(__dirname, 'operation-aliases.json'), JSON.stringify(aliases, null, 1) + '\n');
console.log(
  `${manifests.reduce((n, m) => n + m.routes.length, 0)} routes in ${manifests.length} groups → ` +
    `${path.relative(process.cwd(), file)}`,
);
