import { applyDecorators, SetMetadata } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { subjectOf, type ErrorCode, type PriceSpec } from '@toll/contracts';
import type { z } from 'zod';

export const TOLL_ROUTE = 'toll:route';

export interface TollRouteOptions {
  operationId: string; // <group>.<verbNoun>; also gives the NATS subject
  method: 'GET' | 'POST';
  path: string; // /toll/<group>/...; `{name}` segments are path parameters
  summary: string;
  description?: string;
  // How users would ask for this operation, in their own words (4-8 varied phrasings): discovery matches tasks
  // against them as labelled examples, so a task that shares no word with the summary still finds the operation.
  asks?: string[];
  price: PriceSpec | null; // null is FREE, and must be said explicitly
  input: z.ZodObject; // query (GET) or body (POST), plus path parameters
  output: z.ZodType;
  timeoutMs: number;
  tags?: string[];
  arrayBodyField?: string; // POST only: a top-level JSON array body arrives as { [arrayBodyField]: [...] }
  // Codes the handler itself may answer (NOT_FOUND for an unknown id, RATE_LIMITED, UPSTREAM_ERROR), so the
  // published API lists their statuses; input, payment and availability errors are the gateway's to declare.
  errors?: ErrorCode[];
  // Providers the operation needs, any one of them sufficing (names registered with SourceProbes): while background
  // probes find every one down and no cache answers for it, the operation is announced unavailable (503 before 402).
  sources?: string[];
  paidAs?: string; // sold as this other operation of the group (same price): one proof pays on both routes
  // The answer is a credential only the payer may see (a key, a token, an id that authorises later calls): a
  // redemption must be signed by the paying wallet, so an observer of the chain cannot take it (docs/payments.md).
  payerProof?: boolean;
}

// Everything about a route, declared once next to its handler; the announcer, gateway and tests read it.
export const TollRoute = (options: TollRouteOptions) =>
  applyDecorators(MessagePattern(subjectOf(options.operationId)), SetMetadata(TOLL_ROUTE, options));
