import { Controller, Get, Inject, Injectable } from '@nestjs/common';
import { CONTRACT_VERSION, PriceSpec } from '@toll/contracts';
import { z } from 'zod';
import { CatalogService } from './catalog.service';
import { ContractRefusals } from './contract';
import { GROUP_INFO, type GroupInfo } from './tokens';

// Liveness and readiness for Kubernetes, on the app's small HTTP port (the work itself arrives over NATS),
// with the contract version the app speaks.
@Controller()
export class HealthController {
  @Get('healthz')
  live() {
    return { status: 'ok', contract: CONTRACT_VERSION };
  }

  @Get('readyz')
  ready() {
    return { status: 'ready', contract: CONTRACT_VERSION };
  }
}

export interface CatalogEntry {
  operation_id: string;
  method: string;
  path: string;
  summary: string;
  price: PriceSpec | null;
  input: Record<string, unknown>;
  output: Record<string, unknown>;
}

// The body of every group's free `/toll/<group>/health`: service info plus the full endpoint catalog.
@Injectable()
export class GroupHealth {
  constructor(
    private readonly catalog: CatalogService,
    private readonly refusals: ContractRefusals,
    @Inject(GROUP_INFO) private readonly group: GroupInfo,
  ) {}

  describe() {
    const manifest = this.catalog.manifest();
    const contractRefusals = this.refusals.list().map(({ lastAt, ...rest }) => ({ ...rest, last_at: lastAt }));
    return {
      service: this.group.name,
      title: this.group.title,
      version: this.group.version,
      status: 'ok' as const,
      // Requests refused because the caller's contract version is not served here (contract.ts); only when any were.
      ...(contractRefusals.length ? { contract_refusals: contractRefusals } : {}),
      instance_id: manifest.instanceId,
      started_at: this.group.startedAt.toISOString(),
      uptime_seconds: Math.floor((Date.now() - this.group.startedAt.getTime()) / 1000),
      // What each operation costs, in the one shape every group's health lists it.
      tolls: manifest.routes.map((r): HealthToll => ({
        operation_id: r.operationId,
        method: r.method,
        path: r.path,
        price: r.price,
      })),
      endpoints: manifest.routes.map((r): CatalogEntry => ({
        operation_id: r.operationId,
        method: r.method,
        path: r.path,
        summary: r.summary,
        price: r.price,
        input: r.inputSchema,
        output: r.outputSchema,
      })),
    };
  }
}

const Endpoint = z.object({
  operation_id: z.string(),
  method: z.string(),
  path: z.string(),
  summary: z.string(),
  price: z.union([z.object({ per: z.string(), usd: z.string(), requests: z.number().optional() }), z.null()]),
  input: z.record(z.string(), z.unknown()),
  output: z.record(z.string(), z.unknown()),
});

// One operation's toll in a health body: the catalog price (null is free).
export const HealthToll = z.object({
  operation_id: z.string(),
  method: z.string(),
  path: z.string(),
  price: PriceSpec.nullable(),
});
export type HealthToll = z.infer<typeof HealthToll>;

// The one health output type: every group's `/toll/<group>/health` answers it, extended with the group's own live
// status (sources, cache, governors…) through healthOutput(), and named HealthOutput in the group's schemas too.
export const HealthOutput = z.object({
  service: z.string(),
  title: z.string(),
  version: z.string(),
  contract_refusals: z
    .array(
      z.object({
        from: z.string(),
        contract: z.string().nullable(),
        problem: z.string(),
        count: z.number().int(),
        last_at: z.string(),
      }),
    )
    .optional(),
  status: z.enum(['ok', 'degraded']),
  instance_id: z.string(),
  started_at: z.string(),
  uptime_seconds: z.number().int(),
  tolls: z.array(HealthToll),
  endpoints: z.array(Endpoint),
});
export type HealthOutput = z.infer<typeof HealthOutput>;

export const healthOutput = <T extends z.ZodRawShape>(shape: T) => HealthOutput.extend(shape);
