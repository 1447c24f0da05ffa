// Where trademark data comes from, what each source needs, and its licence terms.
export const SOURCES = {
  tsdr: {
    role: 'status of one application or registration (trademarks.getStatus)',
    license: 'Public domain (US Government work)',
    terms:
      'Free API key (USPTO-API-KEY header), about 60 status calls a minute per key; document downloads are ' +
      'limited further and not used',
    key: 'TRADEMARKS_TSDR_API_KEY',
    attribution: { text: 'Status from USPTO TSDR', url: 'https://tsdr.uspto.gov/' },
  },
  'odp-bulk': {
    role:
      'the daily applications file (Trademark Daily XML), ingested into the local index behind ' +
      'trademarks.searchMarks',
    license: 'Public domain (US Government work)',
    terms:
      'Free API key (X-API-KEY header) for the Open Data Portal bulk datasets; one listing and one download per ' +
      'daily file',
    key: 'TRADEMARKS_ODP_API_KEY',
    attribution: { text: 'Applications from the USPTO Open Data Portal', url: 'https://data.uspto.gov/' },
  },
} as const;
export type SourceId = keyof typeof SOURCES;

// The office's public page for a case, for people to check what an agent found.
export const tsdrUrl = (serial: string) =>
  `https://tsdr.uspto.gov/#caseNumber=${serial}&caseType=SERIAL_NO&searchType=statusSearch`;
