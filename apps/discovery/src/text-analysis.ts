import stem from 'wink-porter2-stemmer';

// The one text pipeline for tool descriptions and tasks: split words (camelCase and path segments too),
// lower-case, drop stop words and bare numbers, stem with Porter2. Queries may add synonyms on top.

// English function words plus the filler of requests ("please show me…"), which say nothing about the tool.
const STOP_WORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both but by can could
  did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in
  into is it its itself just me more my myself no nor not of off on once only or other ought our ours ourselves out over own
  same she should so some such than that the their theirs them themselves then there these they this those through to too under
  until up very was we were what when where which while who whom why will with would you your yours yourself yourselves
  also get give help let like list make need please show tell use using via want`.split(/\s+/),
);

// A small generic vocabulary of equivalent words (spelling variants, finance, crypto, weather, dev terms).
// It is not a table per tool: it only says which everyday words mean the same thing.
const SYNONYM_GROUPS = [
  ['weather', 'temperature', 'meteorological', 'rain', 'snow', 'storm', 'wind'],
  ['rain', 'precipitation', 'snowfall'],
  ['alert', 'warning', 'advisory'],
  ['stock', 'equity', 'share'],
  ['dividend', 'distribution', 'payout'],
  ['etf', 'fund'], // an exchange-traded fund is a fund: "funds that pay monthly" asks for ETFs
  ['fundamentals', 'financials', 'financial'],
  ['crypto', 'cryptocurrency', 'token', 'coin'],
  ['fee', 'gas', 'tip'],
  ['transaction', 'tx'],
  ['news', 'headline', 'article', 'press'],
  ['wiki', 'wikipedia', 'encyclopedia'],
  ['hash', 'digest', 'checksum'],
  ['uuid', 'guid'],
  ['base64', 'b64'],
  ['timezone', 'tz'],
  ['color', 'colour'],
  ['cron', 'crontab'],
  ['format', 'prettify', 'beautify'],
  ['geolocation', 'geolocate', 'geoip'],
  ['bot', 'chatbot', 'agent'],
  ['incident', 'hack', 'exploit'],
  ['spend', 'spending', 'expense'],
  ['reputation', 'trust'],
  ['perpetual', 'perp'],
  ['usdt', 'tether'],
  ['safety', 'safe', 'security', 'risk', 'risky', 'scam', 'rug', 'legit', 'legitimate', 'trustworthy'],
  ['registry', 'directory'],
  ['forecast', 'tomorrow', 'weekend', 'upcoming', 'outlook'],
  ['umbrella', 'rain'],
  ['top', 'most', 'highest', 'biggest', 'largest', 'leaderboard'],
  ['job', 'vacancy', 'vacancies'],
  ['limit', 'cap'],
  ['count', 'many'], // "how many" asks for a count
  ['audit', 'log', 'history'],
  ['trademark', 'brand', 'tm'], // "TM", the trademark sign, typed as letters
  ['weather', 'wx'], // "wx", the weather abbreviation of forecasters and pilots
  ['temperature', 'temp'],
  ['password', 'pw', 'pwd'],
  ['info', 'information', 'details'],
  ['jwt', 'bearer'],
  ['questionnaire', 'survey'],
  ['perpetual', 'perps', 'futures'],
  ['schema', 'structure', 'layout'],
  ['webhook', 'callback'],
  ['lease', 'rent', 'rental'],
  ['snapshot', 'mirror', 'dump'],
  ['upstream', 'provider'],
  ['sec', 'edgar'],
  ['macro', 'macroeconomic', 'economic', 'economy'],
  ['related', 'connected', 'linked', 'similar'],
  ['congressman', 'congresswoman', 'congressperson', 'congresspeople', 'senator', 'lawmaker', 'legislator'],
  ['valid', 'validate', 'parse', 'parses'],
  ['approve', 'authorize', 'authorise'],
  ['cancel', 'scrap', 'void', 'annul'],
  ['tune', 'adjust', 'optimize', 'optimise'],
];

// What a task sets its need against (", not a forecast", "(not MD5)", "instead of a keyword search", "rather than the
// rows", "I don't need a risk rating") names the sibling it does not want: those words, up to the end of the clause,
// are no evidence. What a task would otherwise do itself ("instead of running md5sum locally", "instead of computing it
// by hand") is its need, done another way: it stays. A bare "not" ("which payments were not allowed") is part of the
// need and stays, and so does what a task no longer needs ("don't need that bot anymore": it is what the task acts on).
// A task that opens on it ("not the forecast, what's …") does so too, and so does an action it refuses ("don't reformat
// it, just …"), and a "no" after a semicolon or a dash ("show the hits; no ranking"): after a comma or in brackets,
// "no" says what the call goes without ("lookup, no POST body"), part of the need. The words end where the letters do,
// accented ones too: "notícias" and "noção" are no "not" or "no".
const CONTRAST =
  /(?:(?:^|[,(—–;.]|\s-|\bbut)\s*not(?:\s+just|\s+only)?|(?:[;—–]|\s-)\s*no|\binstead\s+of(?![^.,;:?!()—–]*\b(?:locally|myself|by\s+hand|manually|offline)\b)|\brather\s+than|\b(?:do\s+not|don['’]?t|no)\s+(?:need|want)(?:\s+for)?\s+(?:a|an|any|the)\b|\b(?:do\s+not|don['’]?t)\s+\p{L}+\s+it\b)(?![\p{L}\p{N}_])[^.,;:?!()—–]*/giu;
// "top 5 results", "first 10 hits" cap how many answers come back; they ask for no ranking ("top 5 stocks" does). So
// does a count that is enough by itself ("top 5 is enough", "the first 10 will do").
const RESULT_CAP =
  /\b(?:top|first)\s+\d+\s+(?:results|hits|matches|entries|items|(?=(?:is|are)\s+(?:enough|fine|plenty|ok|okay|sufficient)\b|will\s+do\b|should\s+do\b))/giu;
// "right now" says no more than "now": its "right" would tie a task to any ask that says it too.
const RIGHT_NOW = /\bright\s+(?=now\b)/giu;
// What is done already, or first ("after submitting our listing", "once having paid"), is a step before the need: its
// words, up to the end of the clause, are no evidence either.
const DONE_FIRST = /\b(?:after|once)\s+(?:having\s+)?\p{L}+ing(?![\p{L}\p{N}])[^.,;:?!()—–]*/giu;
export const withoutContrast = (text: string) =>
  text.replace(CONTRAST, ' ').replace(DONE_FIRST, ' ').replace(RESULT_CAP, ' ').replace(RIGHT_NOW, '');

// A date, a month or a year ("2022-01-01", "2022-01", "2024", "March 2024"), as one end of a span.
const DATE_POINT = String.raw`(?:\d{4}-\d{2}(?:-\d{2})?|(?:19|20)\d\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)\p{L}*(?:\s+(?:19|20)\d\d)?)`;
// What a task's form says without the word: a padded base64 value is base64 ("decode aGVsbG8="), three dotted
// base64url parts starting "eyJ" are a JWT, and the way of a conversion names its verb: text "to base64" is encoded,
// base64 "back to text" or "from base64" decoded. Each is the word itself, as the task would have written it.
const IMPLIED: { form: RegExp; word: string }[] = [
  { form: /(?<![\p{L}\p{N}+/=])[A-Za-z0-9+/]{6,}={1,2}(?![\p{L}\p{N}+/=])/gu, word: 'base64' },
  { form: /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g, word: 'jwt' },
  { form: /\b(?:to|into|as|in)\s+(?:base64|b64)\b/gi, word: 'encode' },
  { form: /\bfrom\s+(?:base64|b64)\b|\b(?:base64|b64)\s+(?:back\s+)?(?:to|into)\b/gi, word: 'decode' },
  // An arrow between two things ("America/New_York -> Europe/Berlin", "USD → EUR") asks to convert one to the other.
  { form: /[\p{L}\p{N}]\s*(?:->|→|=>)\s*[\p{L}\p{N}]/gu, word: 'convert' },
  // Betting against a stock is holding it short; values since a year, or from one onward, are its history.
  { form: /\bbet(?:s|ting)?[\s-]+against\b/gi, word: 'short' },
  // So is betting on its fall in Spanish, French or Italian ("apostadas a la baja", "à la baisse", "al ribasso").
  { form: /(?<![\p{L}])(?:a\s+la\s+baja|à\s+la\s+baisse|a\s+la\s+baisse|al\s+ribasso)(?![\p{L}])/giu, word: 'short' },
  // A squeeze ("squeeze risk", "could it get squeezed") is what a heavily shorted stock risks: it asks about short
  // interest.
  { form: /\bsqueez(?:e|es|ed|ing)\b/gi, word: 'short' },
  // A given clock time asked for somewhere else ("3pm New York is what time in Berlin", "9am Tokyo in Paris") is
  // converted. A 24-hour clock ("09:00 New York … in Sydney") is one as well.
  { form: /\b\d{1,2}(?:(?::\d{2})?\s*[aApP][mM]|:\d{2})\b.*?\b(?:in|to)\s+\p{Lu}/gu, word: 'convert' },
  // "wie spät", "hoe laat" ask what time it is now.
  { form: /\bwie\s+spät(?![\p{L}\p{N}])|\bhoe\s+laat\b/giu, word: 'time now' },
  // What is "em alta" (Portuguese) or "en vogue" is rising in attention: trending.
  { form: /\bem\s+alta\b|\ben\s+vogue\b|\bin\s+voga\b/giu, word: 'trending' },
  // To lock something in, or to mark it as completed or done, is to make it final.
  {
    form: /\block(?:s|ed|ing)?\s+(?:(?:it|that|this|them)\s+in\b|in(?=\s*(?:$|[.,;:!?])))|\bmark(?:s|ed|ing)?\s+(?:\S+\s+){0,3}?as\s+(?:completed?|done|finished|final)\b/gi,
    word: 'finalize',
  },
  // "just-minted", "freshly deployed", "just dropped": what was made a moment ago is new.
  {
    form: /\b(?:just|newly|freshly)[\s-]+(?:minted|launched|created|deployed|released|listed|dropped)\b/gi,
    word: 'new',
  },
  // A value names its own kind: a UUID is a uuid, a dotted quad or a colon-grouped hex address is an IP address.
  { form: /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, word: 'uuid' },
  // A hash sign before six or eight hex digits ("#FF5733", "#00000080"), or before three or four with a letter among
  // them ("#fff", "#0af8"; "#123" is an issue number), is a hex colour.
  {
    form: /(?<![\p{L}\p{N}&#])#(?:[0-9a-f]{6}|[0-9a-f]{8}|(?=[0-9a-f]{0,3}[a-f])[0-9a-f]{3,4})(?![\p{L}\p{N}_])/giu,
    word: 'hex color',
  },
  {
    form: /(?<![\d.])(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)(?![\d.])|(?<![\w:])(?=[0-9a-f:]*::|(?:[0-9a-f]{1,4}:){5})(?:[0-9a-f]{1,4}:){1,7}:?(?:[0-9a-f]{1,4})?(?![\w:])/gi,
    word: 'ip',
  },
  // Full-time or part-time in another language ("a tiempo completo", "temps partiel", "Vollzeit") is a kind of job, not
  // the weather its "tiempo"/"tempo" would read as.
  {
    form: /\b(?:tiempo|tempo)\s+(?:completo|parcial|integral|pieno|parziale|indeterminato|determinato)\b|\btemps\s+(?:plein|partiel)\b|\b(?:vollzeit|teilzeit)\b/giu,
    word: 'job',
  },
  // Seventeen letters and digits without I, O or Q, both kinds present, are a vehicle identification number.
  { form: /\b(?=[A-HJ-NPR-Z0-9]{0,16}\d)(?=[A-HJ-NPR-Z0-9]{0,16}[A-HJ-NPR-Z])[A-HJ-NPR-Z0-9]{17}\b/g, word: 'vin' },
  // What was tried ("what did my agent try to pay for", "everything it tried to buy") is looked back on: a history.
  { form: /\b(?:tried|attempted)\s+to\b|\bdid\s+(?:\S+\s+){1,3}?(?:try|attempt)\s+to\b/gi, word: 'history' },
  {
    form: /\bsince\s+(?:19|20)\d\d\b|\bfrom\s+(?:19|20)\d\d\s+(?:on|onwards?)\b|\b(?:going\s+|goes\s+|go\s+)?back\s+to\s+(?:19|20)\d\d\b/gi,
    word: 'history',
  },
  // A span between two dates, months or years ("between 2022-01-01 and 2022-12-31", "between March and June 2024")
  // filters by date.
  {
    form: new RegExp(String.raw`\bbetween\s+${DATE_POINT}\s+and\s+${DATE_POINT}(?![\p{L}\p{N}])`, 'giu'),
    word: 'date',
  },
  // A JSON object or array typed out ('{"a":1}', '[{"id":') is JSON, however the task names it.
  { form: /[{[]\s*"[^"\n]*"\s*:/g, word: 'json' },
  // Well-formed text is valid text.
  { form: /\bwell[\s-]formed\b/gi, word: 'valid' },
  // "How many kilometres is 26.2 miles", "how many cups in 2 litres": an amount in one unit asked in another is
  // converted.
  { form: /\bhow\s+many\s+\p{L}+\s+(?:is|are|in|make|equals?)\s+(?:a|an|one|\d[\d.,]*)\s*\p{L}+/giu, word: 'convert' },
  // Whether someone can or may spend ("can agent-7 spend 40 USD", "may my bot pay this?") asks for permission.
  {
    form: /(?:^|[.;,?!]\s*)(?:can|may|could)\s+(?:my\s+|our\s+|the\s+|this\s+)?[\w-]+\s+(?:spend|pay|buy|purchase)\b/gi,
    word: 'permission',
  },
  // A set of questions to answer is a questionnaire.
  // So is what one's own answers reply to ("send my answers", "post our replies"): a question asked of the world has no
  // answers of the asker's.
  {
    form: /\b(?:set|list|series|batch|bunch)\s+of\s+(?:\p{L}+\s+)?questions\b|\b(?:my|our)\s+(?:\p{L}+\s+)?(?:answers|replies)\b/giu,
    word: 'questionnaire',
  },
  // Which API, service or tool to call ("what should it call", "which API should my agent call") asks for the best tool
  // to be recommended for the job.
  {
    form: /\b(?:what|which)\s+(?:(?:api|apis|service|services|tool|tools|endpoint|endpoints)\s+)?should\s+(?:i|it|we|they|my\s+\p{L}+|our\s+\p{L}+)\s+call\b/giu,
    word: 'recommend best tool',
  },
  // Where money went ("where did all my bots' money go") asks after what was spent: a spending history.
  {
    form: /\bwhere\s+(?:did|does|has|have)\s+(?:\S+\s+){0,4}?(?:money|cash|budget|funds)\s+(?:go|gone|went)\b|\bwhere\s+(?:\S+\s+){0,4}?(?:money|cash|budget|funds)\s+went\b/giu,
    word: 'spending history',
  },
  // How something developed, changed or was counted over time is its timeline.
  { form: /\bover\s+time\b/gi, word: 'timeline' },
  // A single quoted term searched for ("matching the word 'sanctions'", "mentions 'weather radar'") is a keyword.
  {
    form: /\b(?:word|term|keyword|query|phrase|string|mentions?|mentioning|matching|containing)\s+['"‘“][^'"‘’“”]{1,40}['"’”]/giu,
    word: 'keyword',
  },
  // What a proxy or gateway forwards to, left open ("the nodes the proxy forwards requests to", "which nodes does it
  // foward to"), or what sits behind it ("the providers behind the rpc gateway", "behind the scenes"), is its upstream;
  // a named target ("forward it to the gateway", "forwards messages to our webhook") is where one call goes.
  {
    form: /\bfo(?:r)?ward(?:s|ing|ed)?\s+(?:\p{L}+\s+){0,2}?to\b(?!\s+(?:the|a|an|our|my|your|their|this|that|these|those|it|its|\d))|\bbehind\s+(?:\p{L}+\s+){0,3}?(?:gateway|proxy|relay|rpc|endpoint|load[\s-]?balancer|scenes)\b/giu,
    word: 'upstream',
  },
  // What something has ("what limits does my agent have", "which caps do we have now") asks what is in force: the
  // current state, read, not set. What "you" have ("what series do you have") asks what a service offers instead.
  {
    form: /\b(?:what|which)\s+(?:\p{L}+\s+){1,3}?(?:does|do)\s+(?!you\b|y'all\b|ya\b)(?:\p{L}+\s+){1,3}?have\b/giu,
    word: 'current',
  },
  // A hex digest's length names its hash: 32 characters are MD5, 64 are SHA-256.
  { form: /\b32[\s-]*(?:char(?:acter)?s?|hex(?:\s+(?:char(?:acter)?s?|digits?))?|digits?)\b/gi, word: 'md5' },
  { form: /\b64[\s-]*(?:char(?:acter)?s?|hex(?:\s+(?:char(?:acter)?s?|digits?))?|digits?)\b/gi, word: 'sha256' },
  // An SEC form code named alone ("10-K", "8-Ks", "S-1") is a filing of that form.
  { form: /\b(?:10-?[KQ]|8-?K|20-?F|6-?K|S-1|13F|DEF\s?14A)s?\b/gi, word: 'filing' },
  // A token standard names its chain: TRC-20 (and TRC-10, TRC-721) tokens live on Tron.
  { form: /\btrc-?(?:10|20|721)\b/gi, word: 'tron' },
];
export interface Implied {
  form: string; // what the task wrote
  word: string;
}
export const impliedWords = (text: string): Implied[] =>
  IMPLIED.flatMap(({ form, word }) => [...text.matchAll(form)].slice(0, 1).map((m) => ({ form: m[0], word })));

export interface AnalyzedTerm {
  term: string; // the stem that is indexed or searched
  word: string; // the word it came from
}

// A code of letters and digits joined by a hyphen ("SHA-256", "8-K", "10-Qs") is also one word, written either way
// ("sha256", "8k", "10q"): apart, its number is dropped and its letter stands alone. The parts are kept too.
const LETTERS_NUMBER = /(\p{L}+)-(\p{N}+)(?![\p{L}\p{N}])/gu;
const NUMBER_LETTERS = /(?<![\p{L}\p{N}])(\p{N}+)-(\p{L}+)/gu;
// The command-line tool that prints a hash ("md5sum", "sha256sum") names that hash too.
const HASH_TOOL = /\b(md5|sha\d{1,3})sum\b/g;
// "GET" in capitals is the HTTP method ("GET-style lookup", "a plain GET URL"), not the filler "get" the stop words
// drop.
const HTTP_GET = /(?<![\p{L}\p{N}])GET(?![\p{L}\p{N}])/gu;
const singular = (letters: string) => (letters.length > 1 && letters.endsWith('s') ? letters.slice(0, -1) : letters);

export function words(text: string): string[] {
  return text
    .replace(HTTP_GET, 'HTTPGET')
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2') // genUuid → gen Uuid
    .toLowerCase()
    .replace(HASH_TOOL, '$1 $1sum')
    .replace(LETTERS_NUMBER, '$1 $1$2')
    .replace(NUMBER_LETTERS, (_, n: string, letters: string) => `${n}${singular(letters)} ${letters}`)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 && !/^\d+$/.test(w));
}

// Words Porter2 cuts down to the stem of an unrelated word: "funding" (a perp's funding rate) is not "fund" (a fund
// that pays), "university" is not "universe", "relativity" is not "related", "evening" is not "even", "marketing" is
// not "market", "executive" is not "execute", a mint's "authority" is not a book's "author". Each keeps a stem of its
// own, singular and plural alike. "Stats" are statistics: searched as "stat", they reached a service's "status".
const OWN_STEMS = new Map(
  Object.entries({
    funding: 'funding',
    fundings: 'funding',
    university: 'university',
    universities: 'university',
    relativity: 'relativity',
    evening: 'evening',
    evenings: 'evening',
    marketing: 'marketing',
    executive: 'executive',
    executives: 'executive',
    authority: 'authority',
    authorities: 'authority',
    stat: stem('statistics'),
    stats: stem('statistics'),
  }),
);

// One token → its stem, or null for a stop word (MiniSearch's processTerm contract).
// The stems those words would have had ("fund", "univers"): searched by prefix, they would reach the words again.
export const SHARED_STEMS = new Set([...OWN_STEMS.keys()].map((word) => stem(word)));

export const normalize = (word: string): string | null =>
  STOP_WORDS.has(word) ? null : (OWN_STEMS.get(word) ?? stem(word));

export function analyze(text: string): AnalyzedTerm[] {
  const out: AnalyzedTerm[] = [];
  for (const word of words(text)) {
    const term = normalize(word);
    if (term) out.push({ term, word });
  }
  return out;
}

const SYNONYMS = new Map<string, string[]>();
for (const group of SYNONYM_GROUPS) {
  const stems = [...new Set(group.map((w) => stem(w)))];
  for (const s of stems) SYNONYMS.set(s, [...new Set([...(SYNONYMS.get(s) ?? []), ...stems.filter((o) => o !== s)])]);
}

// Stems a query term is also searched as, each remembered with the task word it came from.
export function expandSynonyms(terms: AnalyzedTerm[]): AnalyzedTerm[] {
  const own = new Set(terms.map((t) => t.term));
  const added = new Map<string, AnalyzedTerm>();
  for (const t of terms) {
    for (const s of SYNONYMS.get(t.term) ?? [])
      if (!own.has(s) && !added.has(s)) added.set(s, { term: s, word: t.word });
  }
  return [...added.values()];
}
