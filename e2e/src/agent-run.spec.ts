import { wrapFetchWithPayment } from '@x402/fetch';
import { createHash, randomBytes } from 'node:crypto';
import nacl from 'tweetnacl';
import { DEPOSIT_READY, payerX402, stackHarness } from './stack-harness';

// Issue 36: an agent that has never seen us, given only the gateway URL and a funded wallet. It reads what the service
// serves (GET /, /llms.txt, the 402, the served balance instructions) and nothing from this repository: its signer is
// written from the served steps with generic crypto (tweetnacl), checked against the served worked example first.
describe('an agent using only served text', () => {
  const { stack } = stackHarness({
    ready: [{ path: '/llms.txt', until: (res) => res.text.includes('/toll/shop/item') }, DEPOSIT_READY],
  });

  // The agent reads JSON it knows nothing about in advance.
  const json = async (res: Response | Promise<Response>): Promise<any> => (await res).json();

  // Canonical JSON as the served step words it: keys sorted by UTF-16 code unit at every depth, no whitespace,
  // strings and numbers as JSON.stringify writes them.
  const canonical = (v: unknown): string =>
    Array.isArray(v)
      ? `[${v.map(canonical).join(',')}]`
      : v && typeof v === 'object'
        ? `{${Object.keys(v)
            .sort()
            .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
            .join(',')}}`
        : JSON.stringify(v);

  // What the agent learns from the served steps: the header names in the order stated, and the first line of the text.
  const learn = (steps: string[]) => {
    const spend = steps.find((s) => s.startsWith('Spend:'))!;
    const headers = [...spend.matchAll(/(x-toll-[a-z]+) \(/g)].map((m) => m[1]);
    const prefix = /joined by "\\n" with no trailing newline: "([^"]+)"/.exec(
      steps.find((s) => s.startsWith('Signed text:'))!,
    )![1];
    const deposit = /POST (\/\S+?deposit-1),/.exec(steps.find((s) => s.startsWith('Deposit:'))!)![1];
    const read = /GET (\/\S+)\?wallet=/.exec(steps.find((s) => s.startsWith('Read the balance'))!)![1];
    return { headers, prefix, deposit, read };
  };

  // The deployment lines (network, recipient) follow the prefix, as the "Signed text" step says.
  const textOf = (
    prefix: string,
    deployment: { network: string; recipient: string },
    method: string,
    path: string,
    input: unknown,
    timestamp: string,
    nonce: string,
  ) =>
    [
      prefix,
      deployment.network,
      deployment.recipient,
      method,
      path,
      createHash('sha256').update(canonical(input)).digest('hex'),
      timestamp,
      nonce,
    ].join('\n');

  it('discovers an operation, pays it per call, deposits, signs balance calls from the served instructions, spends and reads the balance', async () => {
    // 1. The entry point, then llms.txt: a paid operation and its price.
    const index = await json(fetch(`${stack.gw}/`));
    const llms = await (await fetch(index.urls.llms)).text();
    const [, method, path, price] = /^- \[(GET|POST) (\S+)\]\([^)]*\): A paid item \((\$[\d.]+) per call/m.exec(llms)!;
    expect([method, path, price]).toEqual(['GET', '/toll/shop/item', '$0.01']);

    // 2. The 402: how to pay it, including the prepaid balance.
    const challenge = await fetch(`${stack.gw}${path}`);
    expect(challenge.status).toBe(402);
    const body = await json(challenge);
    const steps: string[] = body.toll.how_to_pay
      .filter((l: string) => l.startsWith('Prepaid balance: '))
      .map((l: string) => l.slice('Prepaid balance: '.length));
    expect(steps).toEqual(index.payment.balance.steps); // the 402 and / say the same
    const learned = learn(steps);
    expect(learned).toEqual({
      headers: ['x-toll-wallet', 'x-toll-timestamp', 'x-toll-nonce', 'x-toll-signature'],
      prefix: 'toll-balance-v2',
      deposit: '/toll/payments/balance/deposit-1',
      read: '/toll/payments/balance',
    });

    // 3. Pay per call with a stock x402 v2 client (it reads PAYMENT-REQUIRED).
    const client = await payerX402(stack);
    const paidFetch = wrapFetchWithPayment(fetch, client);
    const perCall = await paidFetch(`${stack.gw}${path}`);
    expect(perCall.status).toBe(200);
    expect(perCall.headers.get('x-toll-receipt')).toBeTruthy();

    // 4. Deposit 1 USD, paid the same way; the paying wallet is credited.
    const deposit = await paidFetch(`${stack.gw}${learned.deposit}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(deposit.status).toBe(200);
    expect(await json(deposit)).toMatchObject({ wallet: stack.payer.publicKey.toBase58(), credit_atomic: '1000000' });

    // 5. The signer, written from the steps, must reproduce the served worked example byte for byte.
    const example = body.toll.balance_payment.example;
    const exampleKeys = nacl.sign.keyPair.fromSeed(Buffer.from(example.secret_seed_hex, 'hex'));
    const exampleText = textOf(
      learned.prefix,
      example,
      'GET',
      example.request.split(' ')[1].split('?')[0],
      example.input,
      example.timestamp,
      example.nonce,
    );
    expect(Buffer.from(exampleText, 'utf8').toString('hex')).toBe(example.signed_text_hex);
    expect(
      Buffer.from(nacl.sign.detached(Buffer.from(exampleText, 'utf8'), exampleKeys.secretKey)).toString('base64'),
    ).toBe(example.signature_base64);

    // 6. Spend from the balance: four headers, no transaction, signed for this service (the 402 and payments health
    //    agree).
    const deployment = body.toll.balance_payment.deployment;
    const { terms } = await json(fetch(`${stack.gw}/toll/payments/health`));
    expect(deployment).toEqual({ network: terms.network, recipient: terms.recipient });
    const keys = nacl.sign.keyPair.fromSeed(stack.payer.secretKey.subarray(0, 32));
    const signed = (m: string, p: string, input: unknown) => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = randomBytes(16).toString('hex');
      const signature = Buffer.from(
        nacl.sign.detached(
          Buffer.from(textOf(learned.prefix, deployment, m, p, input, timestamp, nonce), 'utf8'),
          keys.secretKey,
        ),
      ).toString('base64');
      return [stack.payer.publicKey.toBase58(), timestamp, nonce, signature];
    };
    const values = signed('GET', path, {});
    const spent = await fetch(`${stack.gw}${path}`, {
      headers: Object.fromEntries(learned.headers.map((h, i) => [h, values[i]])),
    });
    expect(spent.status).toBe(200);
    expect(spent.headers.get('x-toll-balance-atomic')).toBe('990000');

    // 7. Read the balance, signed the same way over the read path with the four fields in the query.
    const [wallet, timestamp, nonce, signature] = signed('GET', learned.read, {});
    const read = await fetch(
      `${stack.gw}${learned.read}?${new URLSearchParams({ wallet, timestamp, nonce, signature })}`,
    );
    expect(read.status).toBe(200);
    const balance = await json(read);
    expect(balance).toMatchObject({ wallet, balance_atomic: '990000', available_atomic: '990000' });
    expect(
      balance.ledger.map((e: { kind: string; amount_atomic: string; operation_id: string }) => [
        e.kind,
        e.amount_atomic,
        e.operation_id,
      ]),
    ).toEqual([
      ['debit', '10000', 'shop.getItem'],
      ['credit', '1000000', 'payments.deposit1'],
    ]);
  }, 90_000);

  it('is told which part of a refused balance signature failed, without anything it did not send', async () => {
    const headers = (over: Record<string, string>) => ({
      'x-toll-wallet': stack.payer.publicKey.toBase58(),
      'x-toll-timestamp': String(Math.floor(Date.now() / 1000)),
      'x-toll-nonce': randomBytes(16).toString('hex'),
      'x-toll-signature': Buffer.alloc(64, 7).toString('base64'),
      ...over,
    });
    const wrong = await fetch(`${stack.gw}/toll/shop/item`, {
      headers: headers({ 'x-toll-nonce': 'agent-nonce-000000001' }),
    });
    const refusal = await json(wrong);
    expect([wrong.status, refusal.error]).toEqual([402, 'balance_signature_invalid']);
    expect(refusal.balance_auth).toEqual({
      reason: 'balance_signature_invalid',
      part: 'signed_text_or_key',
      message: expect.stringMatching(/^the signature does not verify over expected_signed_text/),
      expected_signed_text: expect.stringMatching(
        /^toll-balance-v2\nsolana:\w+\n\w+\nGET\n\/toll\/shop\/item\n44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a\n\d+\nagent-nonce-000000001$/,
      ),
    });
    const late = await json(fetch(`${stack.gw}/toll/shop/item`, { headers: headers({ 'x-toll-timestamp': '1000' }) }));
    expect([late.error, late.balance_auth.part, late.balance_auth.server_time]).toEqual([
      'balance_clock_skew',
      'clock',
      expect.stringMatching(/^\d+$/),
    ]);
    const short = await json(fetch(`${stack.gw}/toll/shop/item`, { headers: headers({ 'x-toll-nonce': 'short' }) }));
    expect([short.error, short.balance_auth.part]).toEqual(['balance_auth_malformed', 'nonce']);
  });

  it('states the same instructions and worked example on every served surface', async () => {
    const index = await json(fetch(`${stack.gw}/`));
    const { example } = index.payment.balance;
    const openapi = await json(fetch(`${stack.gw}/openapi.json`));
    expect(openapi.paths['/toll/shop/item'].get.security).toEqual([
      {},
      { toll_balance_wallet: [], toll_balance_timestamp: [], toll_balance_nonce: [], toll_balance_signature: [] },
    ]);
    expect(openapi.components.securitySchemes.toll_balance_signature).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-toll-signature',
    });
    expect(openapi['x-toll-balance']).toEqual(index.payment.balance);
    const texts = [
      openapi.components.securitySchemes.toll_balance_signature.description,
      await (await fetch(`${stack.gw}/llms.txt`)).text(),
      await (await fetch(`${stack.gw}/docs`)).text(),
    ];
    for (const text of texts)
      for (const value of [example.signature_base64, example.signed_text_hex, example.secret_seed_hex])
        expect(text).toContain(value);
    const v2 = JSON.parse(
      Buffer.from((await fetch(`${stack.gw}/toll/shop/item`)).headers.get('payment-required')!, 'base64').toString(
        'utf8',
      ),
    );
    expect(v2.extensions.toll_balance.info.example).toMatchObject({
      signed_text: example.signed_text,
      signature_base64: example.signature_base64,
      input_sha256: example.input_sha256,
    });
    expect(index.payment.balance.steps).toEqual(expect.arrayContaining(v2.extensions.toll_balance.info.steps));
    const mcp = await fetch(`${stack.gw}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'agent', version: '1' } },
      }),
    });
    expect((await json(mcp)).result.instructions).toContain(example.signature_base64);
  });
});
