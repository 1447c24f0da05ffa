// The NATS contract between the gateway, payments and the groups: the route manifest, the request envelope
// (TollMessage and payments' requests) and the reply envelope (TollReply and payments' replies).
//
// Versions:
//   1  manifests carried `contract: 1`; envelopes carried no version.
//   2  (current) every request carries the sender's version in the CONTRACT_HEADER NATS header and every
//      object reply carries it as `contract`; an envelope without one is version 1.
//
// Compatibility rule: a build serves its own version and the one before it (SERVED_CONTRACTS), so one side of
// any NATS conversation can be a release ahead of the other. A change that an older reader would misread
// bumps CONTRACT_VERSION and keeps reading the previous version; release the gateway and payments first,
// then the groups. Anything else is refused loudly: the gateway drops the group's routes and shows it on
// /healthz, every app shows refused peers on its health route, and both log CONTRACT_UNSUPPORTED.
export const CONTRACT_VERSION = 2;
export const SERVED_CONTRACTS: readonly number[] = [CONTRACT_VERSION, CONTRACT_VERSION - 1];
export const CONTRACT_HEADER = 'toll-contract';

// The version an envelope or manifest speaks; version 1 had no field (manifests always had one).
export const contractOf = (value: unknown): number | undefined => {
  if (value === undefined || value === null || value === '') return 1;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

// Why this build cannot serve a peer speaking `contract`, or undefined when it can.
export function contractProblem(contract: unknown): string | undefined {
  const version = contractOf(contract);
  if (version !== undefined && SERVED_CONTRACTS.includes(version)) return undefined;
  return `speaks contract ${JSON.stringify(contract)}; this build serves contracts ${SERVED_CONTRACTS.join(' and ')}`;
}
