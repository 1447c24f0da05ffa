// A JSON-RPC method: positional params in, result out; throw RpcError for an error response.
export type RpcHandler = (params: unknown[]) => unknown;
export type RpcMethods = Record<string, RpcHandler>;
