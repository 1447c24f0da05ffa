import { SEC_SETTINGS } from '@toll/markets';
import { BaseConfig } from '@toll/platform';
import { z } from 'zod';

export const CompanyConfig = BaseConfig.extend({
  // The same SEC settings, under the same names, as apps/sec and apps/screener: in a deployment
  // SEC_GOVERNOR_DATABASE_URL is the one governor database every SEC caller shares.
  ...SEC_SETTINGS,
  // GLEIF asks for no key; Wikimedia blocks library-default agents: name the service and a contact.
  COMPANY_USER_AGENT: z.string().min(8).max(200).default('Toll/1.0 (+https://github.com/toll; ops@toll.example)'),
  COMPANY_GLEIF_BASE_URL: z.url().default('https://api.gleif.org'),
  // Wikidata: the description (CC0) and website, found by LEI or CIK. The timeout is GLEIF's.
  COMPANY_WIKIDATA_BASE_URL: z.url().default('https://www.wikidata.org'),
  COMPANY_GLEIF_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(5_000),
  // GLEIF's published limit is 60 requests/min per user; all replicas together when the governor database is set.
  COMPANY_GLEIF_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(600).default(50),
});
export type CompanyConfig = z.infer<typeof CompanyConfig>;
