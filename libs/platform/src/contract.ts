import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import { NatsContext } from '@nestjs/microservices';
import { CONTRACT_HEADER, CONTRACT_VERSION, TollError, contractProblem } from '@toll/contracts';
import { map, type Observable } from 'rxjs';
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
    this.refusals.set(key, { from, contract, problem, count: (seen?.count ?? 0) + 1, lastAt: new Date().toISOString() });
  }

  list(): ContractRefusal[] {
    return [...this.refusals.values()];
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

// Every NATS request: refused unless its sender's contract version is one this build serves (no header: 1);
// every object reply to a versioned caller: stamped with this build's version, so the caller can check it in turn.
@Injectable()
export class ContractInterceptor implements NestInterceptor {
  constructor(private readonly refusals: ContractRefusals) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const nats = context.switchToRpc().getContext<NatsContext>();
    const spoken = nats.getHeaders?.()?.get(CONTRACT_HEADER) || null;
    const problem = contractProblem(spoken ?? undefined);
    if (problem) {
      this.refusals.record(nats.getSubject(), spoken, problem);
      throw new TollError('SERVICE_UNAVAILABLE', `the caller ${problem}`);
    }
    // A version-1 caller (no header) gets version-1 replies: no field it does not know.
    if (!spoken) return next.handle();
    return next.handle().pipe(map((value) => (isPlainObject(value) ? { ...value, contract: CONTRACT_VERSION } : value)));
  }
}
