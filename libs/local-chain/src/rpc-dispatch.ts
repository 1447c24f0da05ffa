import { parseJsonWithBigInts, stringifyJsonWithBigInts } from '@solana/rpc-spec-types';
import {
  RpcError,
  RPC_INTERNAL_ERROR,
  RPC_INVALID_PARAMS,
  RPC_INVALID_REQUEST,
  RPC_METHOD_NOT_FOUND,
  RPC_PARSE_ERROR,
} from './errors';
import type { RpcMethods } from './rpc-types';

type Id = string | number | bigint | null;
type Response = Record<string, unknown>;

const errorResponse = (id: Id, code: number, message: string, data?: unknown): Response => ({
  jsonrpc: '2.0',
  error: data === undefined ? { code, message } : { code, message, data },
  id,
});

// One JSON-RPC 2.0 request object; undefined for notifications (no id), which get no answer.
export function handleRequest(methods: RpcMethods, request: unknown): Response | undefined {
  if (!request || typeof request !== 'object' || Array.isArray(request))
    return errorResponse(null, RPC_INVALID_REQUEST, 'Invalid request');
  const { jsonrpc, method, params, id } = request as Record<string, unknown>;
  const replyId: Id = typeof id === 'string' || typeof id === 'number' || typeof id === 'bigint' ? id : null;
  if (jsonrpc !== '2.0' || typeof method !== 'string')
    return errorResponse(replyId, RPC_INVALID_REQUEST, 'Invalid request');
  const notification = !('id' in request);
  const handler = Object.prototype.hasOwnProperty.call(methods, method) ? methods[method] : undefined;
  let response: Response;
  if (!handler) response = errorResponse(replyId, RPC_METHOD_NOT_FOUND, 'Method not found');
  else if (params !== undefined && params !== null && !Array.isArray(params))
    response = errorResponse(replyId, RPC_INVALID_PARAMS, 'Invalid params: expected an array');
  else {
    try {
      response = { jsonrpc: '2.0', result: handler((params as unknown[] | undefined) ?? []), id: replyId };
    } catch (e) {
      response =
        e instanceof RpcError
          ? errorResponse(replyId, e.code, e.message, e.data)
          : errorResponse(replyId, RPC_INTERNAL_ERROR, `Internal error: ${(e as Error)?.message ?? e}`);
    }
  }
  return notification ? undefined : response;
}

// A whole HTTP body: a single request or a batch. u64 values stay exact both ways (kit's bigint JSON).
export function handleBody(methods: RpcMethods, body: string): string | undefined {
  let request: unknown;
  try {
    request = parseJsonWithBigInts(body);
  } catch {
    return stringifyJsonWithBigInts(errorResponse(null, RPC_PARSE_ERROR, 'Parse error'));
  }
  if (!Array.isArray(request)) {
    const response = handleRequest(methods, request);
    return response && stringifyJsonWithBigInts(response);
  }
  if (request.length === 0)
    return stringifyJsonWithBigInts(errorResponse(null, RPC_INVALID_REQUEST, 'Invalid request'));
  const responses = request.map((r) => handleRequest(methods, r)).filter((r): r is Response => r !== undefined);
  return responses.length ? stringifyJsonWithBigInts(responses) : undefined;
}
