import { Controller } from '@nestjs/common';
import type { TollMessage } from '@toll/contracts';
import { TollRoute } from '@toll/platform';
import { PRICES } from './pricing';
import * as S from './rpc.schemas';
import { RpcService } from './rpc.service';

// Room for a failover or a hedge after a slow upstream; sendTransaction has its own, shorter limit.
const CALL_TIMEOUT_MS = 10_000;
const STATUS_TIMEOUT_MS = 2_000;
const HEADERS_NOTE =
  'Response headers: x-toll-cache (hit, miss, stale or bypass per request), x-toll-upstream (the upstream that ' +
  'produced each answer), ' +
  'x-toll-cache-age-ms, x-toll-credits-remaining (requests left in the prepaid block); stale answers add ' +
  'x-toll-stale, x-toll-as-of and x-toll-stale-reason. ' +
  'Upstream JSON-RPC errors are passed through unchanged in a 200 response.';

@Controller()
export class RpcController {
  constructor(private readonly rpc: RpcService) {}

  @TollRoute({
    operationId: 'rpc.call',
    method: 'POST',
    path: '/toll/rpc/',
    summary:
      'Solana JSON-RPC 2.0 (single request or batch of up to 100) with failover, hedged reads and a ' +
      'commitment-aware cache',
    description:
      'Send a JSON-RPC request object, a JSON-RPC batch (a top-level array), or {"batch": [...]}. Reads are ' +
      'cached by method and commitment, ' +
      'hedged and failed over across upstreams; sendTransaction goes to exactly one upstream, is never cached ' +
      'and never re-sent after a timeout. ' +
      HEADERS_NOTE,
    asks: [
      'send a JSON-RPC request to a Solana node',
      'call getBalance on mainnet through a reliable RPC',
      'batch of Solana RPC calls with failover',
      'proxy my solana web3 requests to a healthy node',
      "query an account's lamports via RPC POST",
      'submit sendTransaction through the RPC',
      'getAccountInfo for a pubkey on solana',
      'run a solana json rpc method for me',
      'fetch recent blockhash with a POST body',
    ],
    price: PRICES.call,
    input: S.CallInput,
    output: S.CallOutput,
    timeoutMs: CALL_TIMEOUT_MS,
    sources: ['solana-rpc'],
    errors: ['UPSTREAM_ERROR'],
    arrayBodyField: 'batch',
  })
  call(msg: TollMessage<S.CallInput>) {
    const { batch, jsonrpc, id, method, params } = msg.input;
    return batch
      ? this.rpc.call(batch, true, msg.deadline)
      : this.rpc.call([{ jsonrpc: jsonrpc!, id: id!, method: method!, params }], false, msg.deadline);
  }

  @TollRoute({
    operationId: 'rpc.callGet',
    method: 'GET',
    path: '/toll/rpc/',
    summary: 'One Solana JSON-RPC read as a GET: method and params (a JSON array as text); answered with id 1',
    description: HEADERS_NOTE,
    asks: [
      'one Solana RPC read by plain GET URL',
      'call an RPC method with params in the query string',
      'getSlot from a browser link without a request body',
      'read the latest blockhash with a simple GET',
      'solana rpc through a query string url',
      'a GET request that calls getBlockHeight',
    ],
    price: PRICES.callGet,
    paidAs: 'rpc.call', // one block, whichever way the calls arrive
    input: S.CallGetInput,
    output: S.CallOutput,
    timeoutMs: CALL_TIMEOUT_MS,
    sources: ['solana-rpc'],
    errors: ['UPSTREAM_ERROR'],
  })
  callGet(msg: TollMessage<S.CallGetInput>) {
    return this.rpc.call(
      [{ jsonrpc: '2.0', id: 1, method: msg.input.method, params: msg.input.params }],
      false,
      msg.deadline,
    );
  }

  @TollRoute({
    operationId: 'rpc.getUpstreams',
    method: 'GET',
    path: '/toll/rpc/upstreams',
    summary:
      'Configured upstreams in routing order, with state, latency (EWMA, p50, p90), slot lag, failures and hedge delay',
    asks: [
      'which Solana RPC providers are configured and how fast are they',
      'latency and slot lag of each upstream node',
      'routing order of the RPC endpoints and their failures',
      'which node is lagging behind',
      'which backend nodes serve the rpc and in what order',
      'rpc provider latency percentiles',
      'which providers the RPC proxy spreads calls across',
    ],
    price: PRICES.getUpstreams,
    input: S.EmptyInput,
    output: S.GetUpstreamsOutput,
    timeoutMs: STATUS_TIMEOUT_MS,
  })
  getUpstreams() {
    return this.rpc.upstreams();
  }

  @TollRoute({
    operationId: 'rpc.getHealth',
    method: 'GET',
    path: '/toll/rpc/health',
    summary: 'RPC Gateway status, upstream health, tolls, cache statistics and endpoint catalog',
    asks: [
      'is the Solana RPC gateway up',
      'RPC proxy status and cache hit rate',
      'are the RPC upstreams healthy',
      'is the node proxy working',
      'rpc cache hit ratio and upstream state',
      'is the solana proxy healthy',
    ],
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.HealthOutput,
    timeoutMs: STATUS_TIMEOUT_MS,
  })
  getHealth() {
    return this.rpc.health();
  }
}
