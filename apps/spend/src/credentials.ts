import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// The two credentials a policy's creator receives once. Only their SHA-256 is stored: a database leak gives
// nobody the power to change a policy. 32 random bytes make guessing pointless, so no slow hash is needed.
// policy_secret (sps_): changes the policy. read_key (spr_): reads the policy, its usage and its audit log.
export interface Credentials {
  policySecret: string;
  readKey: string;
}

const token = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;

export const newCredentials = (): Credentials => ({ policySecret: token('sps_'), readKey: token('spr_') });

export const hashCredential = (value: string) => createHash('sha256').update(value).digest('hex');

export const hashesEqual = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
