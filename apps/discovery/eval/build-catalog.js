#!/usr/bin/env node
// Writes eval/catalog.json: route manifests for every operation of spec §4 (all groups, built or not), so the
// match evaluation does not depend on which apps run. Summaries and field descriptions follow the spec's own
// wording; operationIds are the real ones where the group exists in apps/, otherwise the same convention.
// Run: node apps/discovery/eval/build-catalog.js (after `npm run build`: it validates with @toll/contracts).
const { writeFileSync } = require('node:fs');
const path = require('node:path');
const { GroupManifest, manifestViolations, subjectOf } = require('@toll/contracts');

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
  data: ['Data bundle', [
    ['GET', '/api/data', 'getBundle', call('0.05'), 'Unified data response: live crypto prices, ETF distribution yields, verified bank rates and staking yields, each section with its freshness', { include: opt(str('Comma-separated subset of prices, yields, rates, staking; default all')) }],
    ['GET', '/api/data/schema', 'getSchema', FREE, 'Machine schema of the unified data response', {}],
  ]],
  registry: ['Registry', [
    ['GET', '/api/listings', 'getListings', FREE, 'All registry listings', {}],
    ['GET', '/registry.json', 'getSnapshot', FREE, 'Static snapshot of the four operator-verified listings', {}],
    ['POST', '/api/submit', 'submit', FREE, 'Submit a listing to the registry; validated and rate-limited, published immediately as unverified', {
      name: str('Listing name'), description: str('What the service does'), category: str('Category'), endpoint_url: str('Service URL'), io_format: obj('Input/output format'),
      pricing: obj('Pricing'), auth_method: str('One of none, api-key, x402, signature'), contact: obj('Contact'), accepted_terms: bool('Must be true'),
    }],
    ['POST', '/api/questionnaire', 'submitQuestionnaire', FREE, 'Demand-research questionnaire answers; private, never published', {}],
  ]],
  discovery: ['Discovery', [
    ['POST', 'match', 'match', call('0.02'), 'Ranked tools and services for a plain-language task', { task: str('Plain-language task'), max_price: opt(num('Price ceiling in USD per call')), limit: opt(int('1-20, default 5')) }],
    ['POST', 'register', 'register', FREE, 'Register a tool in the discovery index', {
      name: str('Name'), endpoint: str('Endpoint URL'), description: str('Description'), price_per_call: num('Price per call in USD'), tags: arr('Tags'), schema_url: opt(str('Schema URL')),
    }],
    ['GET', 'search', 'search', FREE, 'Keyword teaser search of the discovery index', { q: str('Keywords'), limit: opt(int('1-20')) }],
    health('Discovery service info and full endpoint catalog'),
  ]],
  rpc: ['RPC Gateway', [
    ['POST', '', 'call', { per: 'block', usd: '0.01', requests: 1000 }, 'Cached, failover proxy to Solana JSON-RPC', {
      jsonrpc: str('2.0'), id: str('Request id'), method: str('Solana RPC method'), params: opt(arr('Parameters')),
    }],
    ['GET', '', 'query', { per: 'block', usd: '0.01', requests: 1000 }, 'Cached, failover proxy to Solana JSON-RPC (method and params in the query)', { method: str('Solana RPC method'), params: opt(str('JSON array as text')) }],
    ['GET', 'upstreams', 'getUpstreams', FREE, 'Configured RPC upstreams with health and latency', {}],
    health('RPC gateway status, upstream health, cache stats'),
  ]],
  fees: ['Fee Oracle', [
    ['POST', 'estimate', 'estimate', PAID, 'Total fee estimate for a transaction or a set of accounts', {
      transaction_base64: opt(str('Transaction, base64')), accounts: opt(arr('Account public keys')), priority: str('low, medium or high'),
    }],
    ['POST', 'optimize', 'optimize', PAID, 'Unsigned fee-optimized transaction', { transaction_base64: str('Transaction, base64'), priority: str('low, medium or high') }],
    ['GET', 'fees', 'getFees', FREE, 'Current network fee percentiles', {}],
    health('Fee oracle upstream status, latency, toll schedule'),
  ]],
  tron: ['Tron Energy', [
    ['POST', 'estimate', 'estimate', PAID, 'Energy and bandwidth estimate for a USDT transfer', {
      from: str('TRON address'), to: str('TRON address'), amount_usdt: num('Amount in USDT'), trx_balance_sun: opt(num('TRX balance in sun')), contract_call: opt(bool('Contract call')),
    }],
    ['GET', 'prices', 'getPrices', FREE, 'Energy unit price, bandwidth price, TRX/USD', {}],
    health('Tron energy service and node status'),
  ]],
  batch: ['Batch Scorer', [
    ['POST', 'score', 'score', PAID, 'Settlement-risk score of a batch payment voucher', { voucher: obj('Voucher: payer, amount, nonce, expiry, issued_at, signature') }],
    ['POST', 'checkpoint', 'checkpoint', FREE, 'Record a voucher outcome (settled, defaulted, expired) in the payer reputation graph', {
      voucher_id: str('Voucher id'), payer: str('Payer'), amount: num('Amount'), status: str('settled, defaulted or expired'),
    }],
    ['GET', 'payer/{address}', 'getPayer', FREE, 'Aggregate reputation of a payer', { address: str('Payer public key') }],
    health('Batch scorer status, scoring weights and thresholds'),
  ]],
  bridge: ['Bridge Scorer', [
    ['POST', 'score', 'score', call('0.01'), 'Scores a bridge transfer: security, liquidity, incidents', {
      bridge: str('Bridge'), from_chain: str('Source chain'), to_chain: str('Destination chain'), token: str('Token'), amount_usd: num('Amount in USD'),
    }],
    ['GET', 'bridges', 'getBridges', FREE, 'All bridges scored, best first', {}],
    ['GET', 'incidents', 'getIncidents', FREE, 'Bridge incident database', {}],
    health('Bridge scorer status'),
  ]],
  spend: ['Spend Governance', [
    ['POST', 'check', 'check', call('0.01'), "Checks a spend against the agent's policy", {
      agent_id: str('Agent id'), amount_usd_cents: int('Amount in USD cents'), recipient: opt(str('Recipient')), category: opt(str('Category')),
    }],
    ['POST', 'policy', 'setPolicy', FREE, 'Create or update an agent spend policy', {
      agent_id: str('Agent id'), per_tx_limit_cents: int('Per-transaction limit in cents'), daily_limit_cents: int('Daily limit in cents'), weekly_limit_cents: int('Weekly limit in cents'),
      monthly_limit_cents: int('Monthly limit in cents'), allowed_categories: arr('Allowed categories'), blocked_recipients: arr('Blocked recipients'), active: bool('Policy on or off'),
    }],
    ['GET', 'policy/{agent_id}', 'getPolicy', FREE, 'Current policy and live usage', { agent_id: str('Agent id') }],
    ['GET', 'audit/{agent_id}', 'getAudit', FREE, 'Recent spend decisions', { agent_id: str('Agent id') }],
    health('Spend governance info and endpoint catalog'),
  ]],
  sec: ['SEC Fundamentals', [
    ['GET', 'fundamentals/{ticker}', 'getFundamentals', call('0.02'),
      'Company fundamentals from SEC filings: revenue, net income, EPS, assets, liabilities, equity, operating cash flow, shares outstanding; latest annual and quarterly, each with period, form, accession number and XBRL concept',
      { ticker: str('US ticker symbol, e.g. AAPL or BRK.B (case-insensitive)') }],
    ['GET', 'filings/{ticker}', 'getFilings', FREE, "A company's last 10 SEC filings (10-K, 10-Q, 8-K, …) with filing date, report date, accession number and EDGAR archive links",
      { ticker: str('US ticker symbol, e.g. AAPL or BRK.B (case-insensitive)') }],
    health('SEC fundamentals service status, source terms, shared rate governor, tolls, cache stats and endpoint catalog'),
  ]],
  short: ['Short Interest', [
    ['GET', 'short/{ticker}', 'getShort', call('0.01'),
      'Latest short interest for a US-listed ticker: shares short, previous period, change, average daily volume, days to cover, settlement and publication dates',
      { ticker: str('US ticker symbol, e.g. GME or BRK.B (case-insensitive)') }],
    ['GET', 'most-shorted', 'getMostShorted', FREE, 'Top 20 most-shorted US stocks by days to cover for the latest settlement date (liquidity floor applied)', {}],
    health('Short interest sync status: last settlement date loaded, when, next expected; tolls and endpoint catalog'),
  ]],
  etf: ['ETF Distributions', [
    ['GET', 'distributions/{ticker}', 'getDistributions', call('0.01'),
      'Full ETF distribution history (ex, record and pay dates, amount, type), payout frequency, trailing-12-month total and annualized yield',
      { ticker: str('ETF ticker symbol, e.g. SCHD'), price: opt(num('Share price to compute the yield with; default: the latest price from the source')) }],
    ['GET', 'screener', 'getScreener', FREE, 'ETFs ranked by annualized distribution per share and yield, filtered by minimum yield and payout frequency, over a documented universe', {
      min_yield: opt(num('Minimum annualized yield, percent')), frequency: opt(str('Payout frequency filter: monthly, quarterly, semiannual, annual')), limit: opt(int('Result limit, 1-50, default 20')),
    }],
    health('ETF distributions service status, sources, screener universe and refresh, tolls and endpoint catalog'),
  ]],
  macro: ['Macro & Civic', [
    ['GET', 'latest/{series}', 'getLatest', PAID,
      'Latest value of a US macroeconomic series (CPI inflation, unemployment rate, GDP, Fed funds policy rate, Treasury yields, national debt) by friendly name or FRED id, with units, frequency, seasonal adjustment and release date',
      { series: str('A friendly name (cpi, unemployment_rate, gdp, fed_funds_rate, treasury_10y, national_debt, …) or a FRED series id in capitals such as CPIAUCSL') }],
    ['GET', 'history/{series}', 'getHistory', call('0.01'),
      'History of a US economic series over time, for charts: CPI inflation, unemployment, real GDP growth, federal funds rate, Treasury yields, national debt; monthly, quarterly or daily values since a start date, up to 1000 points',
      { series: str('A friendly name or a FRED series id'), start: opt(str('First observation date to include, YYYY-MM-DD')), limit: opt(int('Most observations to return, 1-1000, default 120')) }],
    ['GET', 'representatives', 'getRepresentatives', call('0.01'),
      'Who represents a US street address or map point in Congress: my congressman or congresswoman (House representative), both senators, the congressional district, state and county, with phone and website',
      { lat: opt(num('Latitude in decimal degrees (with lon)')), lon: opt(num('Longitude in decimal degrees (with lat)')), address: opt(str('US street address on one line (instead of lat/lon)')) }],
    ['GET', 'series', 'listSeries', FREE, 'List of the economic indicators available by name (cpi, unemployment_rate, gdp, fed_funds_rate, treasury_10y, national_debt, …) with FRED id, units and frequency', {}],
    health('Macro economic data and civic lookup service status: is it working, source terms, FRED key and governor, tolls, cache stats and endpoint catalog'),
  ]],
  company: ['Company Snapshot', [
    ['GET', 'snapshot', 'getSnapshot', call('0.02'),
      'Company profile and overview by ticker, CIK, LEI or exact name: legal name, identifiers (ticker, exchange, CIK, LEI, ISINs), industry, addresses, jurisdiction, legal form, status, parent companies, year-end and headline financials with the filing reference',
      { ticker: opt(str('US ticker symbol, e.g. AAPL or BRK.B')), cik: opt(str('SEC Central Index Key')), lei: opt(str('Legal Entity Identifier, 20 characters')), name: opt(str('Company name, matched exactly')) }],
    ['GET', 'search', 'search', PAID,
      'Find companies by name and resolve a business name to its ticker and identifiers: fuzzy match on legal names in SEC and GLEIF, ranked candidates with ticker, CIK, LEI and the reason each matched',
      { q: str('Company name or part of it'), limit: opt(int('1-20, default 10')) }],
    health('Company snapshot service status, source terms, shared rate governors, tolls, cache stats and endpoint catalog'),
  ]],
  screener: ['Stock Screener', [
    ['POST', 'screen', 'screen', call('0.01'),
      'Screen US stocks by market cap, sector, price, P/E, price/book, net and operating margin, revenue growth and dividend yield ranges, sorted, up to 100 rows with evaluated_count and match_count',
      { market_cap_min: opt(num('Minimum market cap, USD')), pe_max: opt(num('Maximum price/earnings')), dividend_yield_min: opt(num('Minimum dividend yield, percent')), sectors: opt(arr('Sectors to keep')), sort: opt(str('Field to sort by')), limit: opt(int('1-100, default 25')) }],
    ['POST', 'preview', 'preview', FREE, 'Free preview of a stock screen: how many US stocks match the filters and the first 3 tickers, before paying for the full results',
      { market_cap_min: opt(num('Minimum market cap, USD')), pe_max: opt(num('Maximum price/earnings')), sectors: opt(arr('Sectors to keep')) }],
    ['GET', 'stock/{ticker}', 'getStock', PAID, "Valuation ratios of one ticker: P/E, price to book, net and operating margin, revenue growth, dividend yield, market cap and sector of a single US stock from the screener data",
      { ticker: str('US ticker symbol, e.g. KO or BRK.B') }],
    health('Stock screener status: when the data was last rebuilt, how many stocks it covers, last build outcome, screenable fields and sectors, tolls and endpoint catalog'),
  ]],
  tokens: ['Token Safety', [
    ['GET', 'token/{mint}', 'getToken', PAID, 'Name, symbol, decimals, supply, authorities of a Solana mint', { mint: str('Solana mint address') }],
    ['GET', 'score/{mint}', 'getScore', call('0.02'), '0-100 safety score with explainable factors', { mint: str('Solana mint address') }],
    ['GET', 'launches', 'getLaunches', FREE, 'Recently scored tokens', { limit: opt(int('Default 20')) }],
    health('Token safety status'),
  ]],
  funding: ['Funding Rates', [
    ['GET', 'funding/{symbol}', 'getFunding', PAID, 'Funding rates across three perpetual-futures venues', { symbol: str('Base symbol, hyphenated pair or slash pair') }],
    ['GET', 'liquidations/{symbol}', 'getLiquidations', PAID, 'Liquidation heatmap', { symbol: str('Symbol'), hours: opt(int('Window in hours, default 24')) }],
    ['GET', 'top-funded', 'getTopFunded', FREE, 'Top funded', { limit: opt(int('Default 20')) }],
    health('Funding rates status, tracked universe, exchanges, tolls'),
  ]],
  messaging: ['Messaging-bot Provisioning', [
    ['POST', 'provision', 'provision', { per: 'bot-month', usd: '0.50' }, 'Allocates one bot for one month', {}],
    health('Messaging-bot provisioning status and plan pricing'),
  ]],
  weather: ['Weather', [
    ['GET', 'current', 'getCurrent', PAID, 'Current conditions, metric and imperial', LAT_LON],
    ['GET', 'forecast', 'getForecast', PAID, 'Daily forecast', { ...LAT_LON, days: opt(int('1-16, default 7')) }],
    ['GET', 'alerts', 'getAlerts', PAID, 'Active alerts for US points', LAT_LON],
    health('Weather status, sources, tolls'),
  ]],
  news: ['News', [
    ['GET', 'search', 'search', PAID, 'News search', { q: str('Query'), days: opt(int('Lookback')), limit: opt(int('Limit')), lang: opt(str('Language filter')) }],
    ['GET', 'trending', 'getTrending', PAID, 'Trending news', { days: opt(int('Lookback')), limit: opt(int('Limit')) }],
    ['GET', 'timeline', 'getTimeline', PAID, 'News timeline', { q: str('Query'), days: opt(int('Lookback')) }],
    health('News status'),
  ]],
  wiki: ['Wiki Answers', [
    ['GET', 'answer', 'getAnswer', PAID, 'Wiki answer', { q: str('Question or topic') }],
    ['GET', 'related', 'getRelated', PAID, 'Articles linked from the resolved page', { q: str('Question or topic'), limit: opt(int('Max 50, default 10')) }],
    health('Wiki status, upstreams, tolls, license'),
  ]],
  devutils: ['Dev Utilities', [
    ['GET', 'ip', 'getIp', PAID, 'Caller IP geolocation (country, city, ASN, timezone)', {}],
    ['GET', 'gen/uuid', 'genUuid', PAID, 'Random version-4 UUID', {}],
    ['GET', 'gen/password', 'genPassword', PAID, 'Password', { length: opt(int('Password length, 4-128 chars, default 20')) }],
    ['GET', 'gen/token', 'genToken', PAID, 'Token', { bytes: opt(int('1-256 bytes, default 32; hex')) }],
    ['POST', 'encode/base64', 'encodeBase64', PAID, 'Encode base64', { text: str('Text') }],
    ['POST', 'decode/base64', 'decodeBase64', PAID, 'Decode base64', { text: str('Text') }],
    ['POST', 'hash/sha256', 'hashSha256', PAID, 'SHA-256 hex digest', { text: str('Text') }],
    ['POST', 'hash/md5', 'hashMd5', PAID, 'MD5 hash', { text: str('Text') }],
    ['POST', 'jwt/decode', 'decodeJwt', PAID, 'Decodes JWT header and payload, no signature check', { token: str('Token') }],
    ['GET', 'time/now', 'getTimeNow', PAID, 'Time now', { tz: opt(str('IANA timezone')) }],
    ['POST', 'time/convert', 'convertTime', PAID, 'Time convert', { time: str('Time'), from_tz: str('From timezone'), to_tz: str('To timezone') }],
    ['GET', 'units/convert', 'convertUnits', PAID, 'Units convert; categories length, weight, temperature, volume, data, speed', { from: str('From unit'), to: str('To unit'), value: num('Value') }],
    ['GET', 'color/convert', 'convertColor', PAID, 'HEX/RGB/HSL', { hex: opt(str('Hex color')) }],
    ['GET', 'cron/parse', 'parseCron', PAID, 'Returns next 5 runs and a human description', { expr: str('Cron expression') }],
    ['POST', 'json/format', 'formatJson', PAID, 'JSON format', { text: str('Text') }],
    ['POST', 'json/validate', 'validateJson', PAID, 'Validates JSON syntax', { text: str('Text') }],
    health('Dev utilities service info and endpoint catalog'),
  ]],
};

function inputSchema(fields) {
  const properties = {};
  const required = [];
  for (const [name, { optional, ...schema }] of Object.entries(fields)) {
    properties[name] = schema;
    if (!optional) required.push(name);
  }
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

const manifests = Object.entries(GROUPS).map(([group, [title, routes]]) =>
  GroupManifest.parse({
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
  }),
);
for (const m of manifests) {
  const problems = manifestViolations(m);
  if (problems.length) throw new Error(problems.join('\n'));
}
const file = path.join(__dirname, 'catalog.json');
writeFileSync(file, JSON.stringify(manifests, null, 1) + '\n');
console.log(`${manifests.reduce((n, m) => n + m.routes.length, 0)} routes in ${manifests.length} groups → ${path.relative(process.cwd(), file)}`);
