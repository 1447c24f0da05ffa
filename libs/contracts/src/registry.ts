// Registry listings as other apps see them over NATS (registry.listings), schema v0.1 (spec §2.1).
export interface RegistryListing {
  id: string;
  name: string;
  description: string;
  category: string;
  endpoint_url: string;
  io_format: unknown;
  pricing: unknown;
  auth_method: 'none' | 'api-key' | 'x402' | 'signature';
  contact: unknown;
  capability_tags: string[];
  verified: boolean;
}

export interface RegistryListingsReply {
  listings: RegistryListing[];
  registry_updated: string;
}

// A registry capability tag (spec §2.1 capability_tags): lowercase letters and digits, words joined by single hyphens,
// at most 32 characters. Other groups that speak in capabilities (spend categories) use the same words.
export const CAPABILITY_TAG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CAPABILITY_TAG_MAX = 32;
