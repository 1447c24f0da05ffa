import type { Keypair } from '@solana/web3.js';
import { fromAtomic, toAtomic, USDC_DECIMALS } from '@toll/x402';
import type { Operations } from './operations';
import { tollCall, type PaidResponse, type PayMethod } from './toll-client';

export type OperationId = keyof Operations & string;

export interface TollApiOptions {
  baseUrl: string; // the gateway, e.g. http://127.0.0.1:3000
  // How to pay paid operations; without it a paid call throws PaymentRequiredError.
  payment?: { keypair: Keypair; rpcUrl: string; method: PayMethod };
  maxUsdPerCall?: string; // decimal USD: a call priced above it is refused before paying
  maxUsdTotal?: string; // decimal USD: what this instance may spend in all
}

export interface TollResult<T> {
  data: T;
  status: number;
  receipt: string | null; // signed receipt (verify at /toll/payments/receipt)
  paid: PaidResponse['paid'];
  paymentResponse: unknown; // the x402 settlement
}

export class TollApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: { code: string; message: string; details?: Record<string, unknown>; request_id?: string },
  ) {
    super(`${status} ${error.code}: ${error.message}`);
  }
}

export class SpendCapError extends Error {}
export class PaymentRequiredError extends Error {
  constructor(readonly challenge: unknown) {
    super('payment required and no payment configured');
  }
}

interface RouteInfo {
  method: string;
  path: string;
  params: Array<{ name: string; in: string }>;
}

const usdMicros = (usd: string) => toAtomic(usd, USDC_DECIMALS);

// Typed calls for every operation in /openapi.json; pays 402s by memo or x402 within the spend caps.
export class TollApi {
  private routes?: Promise<Map<string, RouteInfo>>;
  private spent = 0n; // micro-USD paid or committed to paying

  constructor(private readonly options: TollApiOptions) {}

  // What this instance has paid (or started paying) so far, in USD.
  get spentUsd(): string {
    return fromAtomic(this.spent, USDC_DECIMALS);
  }

  async call<K extends OperationId>(
    operationId: K,
    input: Operations[K]['input'],
  ): Promise<TollResult<Operations[K]['output']>> {
    const route = (await this.catalog()).get(operationId);
    if (!route) throw new Error(`no operation ${operationId} in ${this.options.baseUrl}/openapi.json`);
    const { url, init } = this.requestOf(route, input as Record<string, unknown>);
    const res = await this.send(url, init);
    if (res.status < 200 || res.status >= 300) {
      const body = res.body as { error?: TollApiError['error'] };
      if (res.status === 402) throw new PaymentRequiredError(res.body);
      throw new TollApiError(res.status, body?.error ?? { code: 'UNKNOWN', message: String(res.body).slice(0, 200) });
    }
    return {
      data: res.body as Operations[K]['output'],
      status: res.status,
      receipt: res.receipt,
      paid: res.paid,
      paymentResponse: res.paymentResponse,
    };
  }

  private async send(url: string, init: RequestInit): Promise<PaidResponse> {
    const { payment } = this.options;
    if (!payment) {
      const res = await fetch(url, init);
      const text = await res.text();
      const body = text ? (JSON.parse(text) as unknown) : null;
      return {
        status: res.status,
        body,
        paid: null,
        receipt: res.headers.get('x-toll-receipt'),
        paymentResponse: null,
        uncharged: res.headers.get('x-toll-uncharged'),
      };
    }
    let refused: SpendCapError | undefined;
    const confirm = ({ usdMicros: price }: { usdMicros: string }) => {
      refused = this.reserve(BigInt(price));
      return !refused;
    };
    try {
      return await tollCall(url, init, { ...payment, confirm });
    } catch (err) {
      throw refused ?? err;
    }
  }

  // Counts a price against both caps before it is paid; a payment that then fails still counts (never over the cap).
  private reserve(price: bigint): SpendCapError | undefined {
    const { maxUsdPerCall, maxUsdTotal } = this.options;
    if (maxUsdPerCall !== undefined && price > usdMicros(maxUsdPerCall))
      return new SpendCapError(
        `price $${fromAtomic(price, USDC_DECIMALS)} is above the per-call cap of $${maxUsdPerCall}`,
      );
    if (maxUsdTotal !== undefined && this.spent + price > usdMicros(maxUsdTotal))
      return new SpendCapError(
        `paying $${fromAtomic(price, USDC_DECIMALS)} would pass the total cap of $${maxUsdTotal} ` +
          `($${this.spentUsd} spent)`,
      );
    this.spent += price;
    return undefined;
  }

  private requestOf(route: RouteInfo, input: Record<string, unknown>): { url: string; init: RequestInit } {
    const rest = { ...input };
    let path = route.path;
    for (const p of route.params.filter((q) => q.in === 'path')) {
      path = path.replace(`{${p.name}}`, encodeURIComponent(String(rest[p.name])));
      delete rest[p.name];
    }
    const url = new URL(`${this.options.baseUrl.replace(/\/+$/, '')}${path}`);
    if (route.method === 'GET') {
      for (const [k, v] of Object.entries(rest))
        if (v !== undefined) url.searchParams.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
      return { url: url.toString(), init: {} };
    }
    return {
      url: url.toString(),
      init: { method: route.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(rest) },
    };
  }

  private catalog(): Promise<Map<string, RouteInfo>> {
    this.routes ??= fetch(`${this.options.baseUrl.replace(/\/+$/, '')}/openapi.json`)
      .then(
        (r) =>
          r.json() as Promise<{
            paths: Record<string, Record<string, { operationId: string; parameters?: RouteInfo['params'] }>>;
          }>,
      )
      .then((doc) => {
        const map = new Map<string, RouteInfo>();
        for (const [path, ops] of Object.entries(doc.paths))
          for (const [method, op] of Object.entries(ops))
            map.set(op.operationId, { method: method.toUpperCase(), path, params: op.parameters ?? [] });
        return map;
      });
    this.routes.catch(() => (this.routes = undefined));
    return this.routes;
  }
}
