// Every job board we considered, what its terms allow, and whether its rows are sold. A source whose terms forbid
// passing its jobs on to job aggregators is never fetched: the index only holds rows we may resell.
export const SOURCE_IDS = ['arbeitnow', 'usajobs'] as const;
export type SourceId = (typeof SOURCE_IDS)[number];

export interface SourceInfo {
  id: string;
  role: string;
  resold: boolean;
  license: string;
  terms: string;
  attribution: { text: string; url: string };
}

export const SOURCES: Record<SourceId, SourceInfo> = {
  arbeitnow: {
    id: 'arbeitnow',
    role: 'indexed: jobs in Europe (mostly Germany) and remote jobs, keyless job-board API',
    resold: true,
    license: 'Arbeitnow job board API terms: free use with a link back to the job on arbeitnow.com',
    terms:
      'Keyless, fair use (we refresh every 4 h, a few pages, one request every 2 s); every row links back to its ' +
      'arbeitnow.com job page',
    attribution: { text: 'Job from Arbeitnow', url: 'https://www.arbeitnow.com/' },
  },
  usajobs: {
    id: 'usajobs',
    role: 'indexed: US federal government jobs (needs a free API key; off without one)',
    resold: true,
    license: 'Public domain (US Government work)',
    terms:
      'Free key by e-mail, sent with the registered e-mail as User-Agent; we refresh every 6 h with a ' +
      'posted-within filter, 500 rows a page',
    attribution: { text: 'Job from USAJOBS.gov', url: 'https://www.usajobs.gov/' },
  },
};

// Considered and refused: their terms do not allow a paid aggregator to pass their rows on.
export const EXCLUDED_SOURCES: SourceInfo[] = [
  {
    id: 'remotive',
    role: 'not used',
    resold: false,
    license: 'Remotive API legal notice (the 0-legal-notice field of every response)',
    terms:
      'The notice forbids submitting Remotive jobs to third-party job sites and aggregators (it names Jooble, ' +
      'Neuvoo, Google Jobs and ' +
      'LinkedIn Jobs) and ends API access for breaking it. Reselling rows through this API would do exactly ' +
      'that, so Remotive is never fetched.',
    attribution: { text: 'Remotive', url: 'https://remotive.com/' },
  },
];
