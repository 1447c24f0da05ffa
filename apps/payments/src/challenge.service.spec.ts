import type { ChallengeRequest } from '@toll/contracts';
import { decodeHeaderJson, inputBinding, readMemo } from '@toll/x402';
import { ChallengeService } from './challenge.service';
import { PaymentsConfig } from './config';
import { JsonLogger } from '@toll/platform';
import type { NatsConnection } from 'nats';
import { SolPriceService } from './sol-price.service';
import { resolveTerms } from './terms';

const request: ChallengeRequest = {
  requestId: 'r-1',
  resourceUrl: 'http://toll.test/toll/devutils/gen/uuid',
  route: {
    operationId: 'devutils.genUuid',
    method: 'GET',
    path: '/toll/devutils/gen/uuid',
    summary: 'Random UUID',
    price: { per: 'call', usd: '0.005' },
    inputSchema: { type: 'object', properties: {} },
    outputSchema: { type: 'object', properties: { uuid: { type: 'string' } } },
  },
};

const serviceWith = (env: Record<string, string>) => {
  const config = PaymentsConfig.parse(env);
  const terms = resolveTerms(config);
  // No NATS here: these cases are the fixed rate and the no-price path (the live path runs over NATS in e2e).
  const prices = new SolPriceService(config, {} as NatsConnection, new JsonLogger('test', 'error'));
  return { service: new ChallengeService(terms, prices), terms };
};

describe(ChallengeService.name, () => {
  it('offers USDC only when there is no SOL price, and says so in both forms', () => {
    const { service, terms } = serviceWith({});
    const { headerValue, body } = service.issue(request, 'payment_required', 1_700_000_000_000);
    const v2 = decodeHeaderJson(headerValue) as any;
    expect(v2.accepts).toHaveLength(1);
    expect(v2.accepts[0]).toMatchObject({
      scheme: 'exact',
      amount: '5000',
      asset: terms.usdcMint,
      payTo: terms.recipient,
    });
    const toll = (body as any).toll;
    expect(toll.sol).toBeNull();
    const memo = readMemo(terms.memoSecret, toll.memo, 1_700_000_000);
    expect(memo.ok && memo.quote).toMatchObject({
      operationId: 'devutils.genUuid',
      usdcAtomic: 5000n,
      lamports: null,
      expiresAt: 1_700_000_600,
    });
  });

  it('quotes lamports from the configured fixed rate and names the source', () => {
    const { service } = serviceWith({ PAYMENTS_SOL_USD_FIXED: '150' });
    const toll = (service.issue(request).body as any).toll;
    expect(toll.sol).toMatchObject({
      lamports: '33334',
      sol: '0.000033334',
      rate: { sol_usd: '150', source: 'fixed-rate (PAYMENTS_SOL_USD_FIXED)' },
    });
  });

  it('binds a per-call memo to the request that asked, and leaves a block memo unbound', () => {
    const { service, terms } = serviceWith({});
    const key = 'c'.repeat(64);
    const bound = readMemo(
      terms.memoSecret,
      (service.issue({ ...request, binding_key: key }).body as any).toll.memo,
      0,
    );
    expect(bound.ok && bound.quote.binding).toBe(inputBinding(key));
    const block = {
      ...request,
      binding_key: key,
      route: { ...request.route, price: { per: 'block' as const, usd: '0.01', requests: 1000 } },
    };
    const unbound = readMemo(terms.memoSecret, (service.issue(block).body as any).toll.memo, 0);
    expect(unbound.ok && unbound.quote.binding).toBeNull();
  });

  it('requires real keys and secrets in production', () => {
    const parsed = PaymentsConfig.safeParse({ NODE_ENV: 'production' });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'PAYMENTS_FEE_PAYER_SECRET',
      'PAYMENTS_MEMO_SECRET',
      'PAYMENTS_RECEIPT_SECRET',
      'PAYMENTS_RECIPIENT',
    ]);
  });
});
