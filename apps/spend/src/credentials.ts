import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// The three credentials a policy's creator receives once. Only their SHA-256 is stored: a database leak gives
// nobody the power to change a policy. 32 random bytes make guessing pointless, so no slow hash is needed.
// policy_secret (sps_): changes the policy. read_key (spr_): reads the policy, its usage and its audit log.
// check_key (spc_): proves a check comes from the agent, so nobody else can reserve its budget.
export interface Credentials {
  policySecret: string;
  readKey: string;
  checkKey: string;
}

const token = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;

export const newCredentials = (): Credentials => ({
  policySecret: token('sps_'),
  readKey: token('spr_'),
  checkKey: token('spc_'),
});

export const hashCredential = (value: string) => createHash('sha256').update(value).digest('hex');

export const hashesEqual = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
