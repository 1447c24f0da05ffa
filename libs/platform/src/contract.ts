import { Inject, Injectable } from '@nestjs/common';
import { CONTRACT_VERSION, TollError, contractProblem } from '@toll/contracts';
import { JsonLogger } from './logger';

export interface ContractRefusal {
  from: string; // the NATS subject the refused request arrived on
  contract: string | null; // what the peer said it speaks
  problem: string;
  count: number;
  lastAt: string;
}

// Requests this app refused because of the peer's contract version: shown on the app's health route and
// logged (once per subject and version) as CONTRACT_UNSUPPORTED.
@Injectable()
export class ContractRefusals {
  private readonly refusals = new Map<string, ContractRefusal>();

  constructor(@Inject(JsonLogger) private readonly logger: JsonLogger) {}

  record(from: string, contract: string | null, problem: string) {
    const key = `${from} ${contract}`;
    const seen = this.refusals.get(key);
    if (!seen) this.logger.event('error', 'CONTRACT_UNSUPPORTED: request refused', { from, contract, problem });
    this.refusals.set(key, {
      from,
      contract,
      problem,
      count: (seen?.count ?? 0) + 1,
      lastAt: new Date().toISOString(),
    });
  }

  list(): ContractRefusal[] {
    return [...this.refusals.values()];
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

// Every NATS request: refused unless its sender's contract version is one this build serves (no header: 1).
// Returns the version the caller spoke, or null for a version-1 caller.
export function checkContract(spoken: string | null, subject: string, refusals: ContractRefusals): string | null {
  const problem = contractProblem(spoken ?? undefined);
  if (problem) {
    refusals.record(subject, spoken, problem);
    throw new TollError('SERVICE_UNAVAILABLE', `the caller ${problem}`);
  }
  return spoken;
}

// Every object reply to a versioned caller: stamped with this build's version, so the caller can check it in turn.
// A version-1 caller (no header) gets version-1 replies: no field it does not know.
export const stampContract = (value: unknown, spoken: string | null): unknown =>
  spoken && isPlainObject(value) ? { ...value, contract: CONTRACT_VERSION } : value;
