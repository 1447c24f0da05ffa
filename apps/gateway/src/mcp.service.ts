import { Inject, Injectable } from '@nestjs/common';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolRequest,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { TollError, type ChallengeReply, type PaymentProof, type TollErrorBody } from '@toll/contracts';
import { APP_CONFIG, JsonLogger, TELEMETRY } from '@toll/platform';
import type { Telemetry } from '@toll/telemetry';
import { balanceGuideMarkdown, decodeHeaderJson, encodeHeaderJson, inputSha256 } from '@toll/x402';
import type { Request, Response } from 'express';
import type { GatewayConfig } from './config';
import { META, PAYMENT_REQUIRED_CODE, toolsOf, type McpTool } from './mcp';
import { gatewayMetrics } from './metrics';
import { publicBaseUrl } from './public-url';
import { RouteTable, type ResolvedRoute } from './route-table';
import { TollService, checkedIdempotencyKey, type CallOutcome } from './toll.service';

const INSTRUCTIONS =
  'Toll: pay-per-call data and utility tools for agents. Free tools answer at once. A paid tool called without ' +
  'payment ' +
  `answers isError with the x402 v2 PaymentRequired (structuredContent when the tool has no outputSchema, and ` +
  `always in content[0].text as {"x402/error":{"code":402,...}}); ` +
  `pay and call again with _meta["${META.payment}"] (x402) or _meta["${META.memoPayment}"] = {signature, memo} ` +
  `(Solana memo flow). ` +
  `The paid result carries _meta["${META.paymentResponse}"] and _meta["${META.receipt}"].\n\nPay from a prepaid ` +
  `balance:\n${balanceGuideMarkdown()}`;

// MCP over Streamable HTTP, stateless: every POST gets a fresh server whose tools are the live catalog, and every
// tool call goes through the same paid-call pipeline as HTTP (TollService.call).
@Injectable()
export class McpService {
  private readonly metrics: ReturnType<typeof gatewayMetrics>;

  constructor(
    private readonly table: RouteTable,
    private readonly toll: TollService,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(JsonLogger) private readonly logger: JsonLogger,
    @Inject(TELEMETRY) telemetry: Telemetry,
  ) {
    this.metrics = gatewayMetrics(telemetry);
  }

  async handle(req: Request, res: Response, requestId: string): Promise<void> {
    const server = new Server(
      { name: 'toll', title: 'Toll', version: '1.0.0' },
      { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS },
    );
    let calls = 0;
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: [...toolsOf(this.table.routes()).values()].map((t) => t.tool),
    }));
    server.setRequestHandler(CallToolRequestSchema, (request) =>
      this.callTool(request.params, req, calls++ ? `${requestId}.${calls}` : requestId),
    );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => void server.close());
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  }

  private async callTool(params: CallToolRequest['params'], req: Request, requestId: string): Promise<CallToolResult> {
    const entry = toolsOf(this.table.routes()).get(params.name);
    if (!entry) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${params.name}`);
    const { route, tool } = entry;
    try {
      const input = { ...(params.arguments ?? {}) };
      this.toll.validate(route, input);
      const idempotencyKey = checkedIdempotencyKey(params._meta?.[META.idempotencyKey], `_meta.${META.idempotencyKey}`);
      const proof = proofOf(params._meta, route, params.arguments ?? {});
      const caller = { ip: req.ip ?? '', userAgent: req.get('user-agent') };
      const outcome = await this.toll.call({
        route,
        input,
        requestId,
        caller,
        resourceUrl: () => `${publicBaseUrl(this.config, req)}/mcp`,
        proof,
        idempotencyKey,
      });
      this.metrics?.mcpCalls.inc({
        operation: route.operationId,
        outcome: outcome.kind === 'challenge' ? 'payment_required' : 'ok',
      });
      return outcome.kind === 'challenge' ? paymentRequired(outcome.challenge, tool) : answer(outcome, tool);
    } catch (err) {
      const body = this.errorBody(err, requestId);
      this.metrics?.mcpCalls.inc({ operation: route.operationId, outcome: body.code });
      return toolError(body, requestId);
    }
  }

  private errorBody(err: unknown, requestId: string): TollErrorBody {
    if (err instanceof TollError) return err.toJSON();
    this.logger.event('error', 'unhandled MCP tool error', {
      requestId,
      error: String(err),
      stack: (err as Error)?.stack,
    });
    return { code: 'INTERNAL', message: 'Internal error' };
  }
}

// A proof in the request's _meta: an x402 PaymentPayload (object, or already base64 as in PAYMENT-SIGNATURE), or the
// memo flow.
function proofOf(
  meta: Record<string, unknown> | undefined,
  route: ResolvedRoute,
  input: Record<string, unknown>,
): PaymentProof | undefined {
  const x402 = meta?.[META.payment];
  const payer = meta?.[META.payerSignature];
  if (payer !== undefined && typeof payer !== 'string')
    throw new TollError('INVALID_INPUT', 'Payment metadata is malformed', {
      issues: [{ field: `_meta.${META.payerSignature}`, message: 'must be a string' }],
    });
  const payer_signature = payer === undefined ? {} : { payer_signature: payer };
  if (x402 !== undefined && x402 !== null)
    return {
      kind: 'x402',
      paymentSignature: typeof x402 === 'string' ? x402 : encodeHeaderJson(x402),
      ...payer_signature,
    };
  const balance = meta?.[META.balancePayment] as Record<string, unknown> | undefined;
  if (balance !== undefined && balance !== null) {
    const fields = ['wallet', 'timestamp', 'nonce', 'signature'] as const;
    const issues = fields
      .filter((k) => typeof balance?.[k] !== 'string')
      .map((k) => ({ field: `_meta.${META.balancePayment}.${k}`, message: 'must be a string' }));
    if (issues.length) throw new TollError('INVALID_INPUT', 'Payment metadata is malformed', { issues });
    const [wallet, timestamp, nonce, signature] = fields.map((k) => balance[k] as string);
    return {
      kind: 'balance',
      wallet,
      timestamp,
      nonce,
      signature,
      method: route.method,
      path: route.path,
      input_sha256: inputSha256(input),
    };
  }
  const memo = meta?.[META.memoPayment] as { signature?: unknown; memo?: unknown } | undefined;
  if (memo === undefined || memo === null) return undefined;
  const issues = (['signature', 'memo'] as const)
    .filter((k) => typeof memo?.[k] !== 'string')
    .map((k) => ({ field: `_meta.${META.memoPayment}.${k}`, message: 'must be a string' }));
  if (issues.length) throw new TollError('INVALID_INPUT', 'Payment metadata is malformed', { issues });
  return { kind: 'memo', signature: memo.signature as string, memo: memo.memo as string, ...payer_signature };
}

// The x402 convention for MCP: a tool error carrying PaymentRequired. structuredContent holds it only when the tool
// declares no outputSchema, since MCP clients check structuredContent against the output schema even on errors.
function paymentRequired(challenge: ChallengeReply, tool: McpTool): CallToolResult {
  const data = decodeHeaderJson(challenge.headerValue) as Record<string, unknown> & { error?: string };
  const wrapped = { 'x402/error': { code: PAYMENT_REQUIRED_CODE, message: data.error ?? 'Payment required', data } };
  return {
    isError: true,
    content: [{ type: 'text', text: JSON.stringify(wrapped) }],
    ...(tool.outputSchema ? {} : { structuredContent: data }),
    _meta: {
      [META.paymentRequired]: true,
      [META.memoChallenge]: challenge.body.toll,
      ...balanceRefusalOf(challenge.body),
    },
  };
}

function balanceRefusalOf(body: ChallengeReply['body']) {
  const { balance_auth, balance } = body as { balance_auth?: unknown; balance?: unknown };
  return balance_auth || balance
    ? { [META.balanceRefusal]: { ...(balance_auth ? { balance_auth } : {}), ...(balance ? { balance } : {}) } }
    : {};
}

function answer(outcome: Extract<CallOutcome, { kind: 'answer' }>, tool: McpTool): CallToolResult {
  const { reply, settled } = outcome;
  const data: unknown = JSON.parse(reply.json);
  const meta: Record<string, unknown> = {};
  if (settled) {
    meta[META.paymentResponse] = decodeHeaderJson(settled.paymentResponse);
    meta[META.receipt] = settled.receipt;
    if (settled.creditsRemaining !== undefined) meta[META.creditsRemaining] = settled.creditsRemaining;
    if (settled.redelivery !== undefined) meta[META.redelivery] = settled.redelivery;
  }
  if (outcome.uncharged !== undefined) meta[META.uncharged] = outcome.uncharged;
  if (Object.keys(reply.headers).length) meta[META.headers] = reply.headers;
  const structured = tool.outputSchema && typeof data === 'object' && data !== null && !Array.isArray(data);
  return {
    content: [{ type: 'text', text: reply.json }],
    ...(structured ? { structuredContent: data as Record<string, unknown> } : {}),
    ...(Object.keys(meta).length ? { _meta: meta } : {}),
  };
}

// The same envelope as an HTTP error, as a tool error the model can read and correct.
const toolError = (body: TollErrorBody, requestId: string): CallToolResult => ({
  isError: true,
  content: [{ type: 'text', text: JSON.stringify({ error: { ...body, request_id: requestId } }) }],
});
