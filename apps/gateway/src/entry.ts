import { balanceGuide, balanceGuideMarkdown } from '@toll/x402';
import { toolNameOf } from './mcp';
import { priceText } from './openapi';
import type { ResolvedRoute } from './route-table';

interface Group {
  group: string;
  title: string;
}

const HOW_TO_PAY = [
  'Call a paid operation without payment: it answers 402 with an x402 challenge (x402 v2 PaymentRequired in the ' +
    'PAYMENT-REQUIRED header; x402 v1 plus the memo flow in the body).',
  'x402: pay with any x402 v2 client (scheme exact on Solana, USDC) and repeat the request with the ' +
    'PAYMENT-SIGNATURE header.',
  'Memo flow: transfer the quoted SOL or USDC with the challenge memo attached through the Memo program, then ' +
    'repeat the request with X-Payment-Tx: <signature> and ?toll_memo=<memo>.',
  'The memo names the request that got the 402 (operation, input, Idempotency-Key): repeat exactly that request. ' +
    'Operations whose answer is a credential (marked "payer proof") also need X-Toll-Payer-Signature: the paying ' +
    'wallet\'s signature of the 402\'s toll.payer_proof.signed_text (MCP: _meta["toll/payer-signature"]).',
  'Paid answers carry PAYMENT-RESPONSE (the settlement) and X-Toll-Receipt (a signed receipt). A request ' +
    'repeated on the same proof is redelivered, not charged again; failures are never charged.',
  'MCP: the same operations are tools at /mcp; pay with _meta["x402/payment"] or _meta["toll/memo-payment"] = ' +
    '{signature, memo}.',
  'Prepaid balance: deposit once on chain, then sign each request with your wallet instead of paying it ' +
    '(payment.balance: the steps and a worked example).',
];

const urlsOf = (base: string) => ({
  openapi: `${base}/openapi.json`,
  docs: `${base}/docs`,
  llms: `${base}/llms.txt`,
  mcp: `${base}/mcp`,
  discovery: `${base}/discovery/resources`,
  well_known_x402: `${base}/.well-known/x402`,
});

function byGroup(routes: ResolvedRoute[], groups: Group[]) {
  const titles = new Map(groups.map((g) => [g.group, g.title]));
  const out = new Map<string, { title: string; routes: ResolvedRoute[] }>();
  for (const r of [...routes].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))) {
    const entry = out.get(r.group) ?? { title: titles.get(r.group) ?? r.group, routes: [] };
    entry.routes.push(r);
    out.set(r.group, entry);
  }
  return [...out].sort(([a], [b]) => a.localeCompare(b));
}

// GET /: what an agent needs first, generated from the live catalog.
export function buildIndex(routes: ResolvedRoute[], groups: Group[], base: string) {
  return {
    name: 'Toll',
    description:
      'Pay-per-call data and utility API for software agents, paid per call with x402 or a Solana memo transfer.',
    urls: urlsOf(base),
    operations: { total: routes.length, paid: routes.filter((r) => r.price).length },
    groups: byGroup(routes, groups).map(([group, { title, routes: rs }]) => ({
      group,
      title,
      operations: rs.length,
      docs: `${base}/docs#${group}`,
    })),
    payment: {
      protocols: ['x402 v2 (exact, Solana)', 'Solana memo flow', 'prepaid balance (signed requests)'],
      how_to_pay: HOW_TO_PAY,
      balance: balanceGuide(),
    },
  };
}

// /llms.txt (llmstxt.org): the service for language models, in Markdown, generated from the live catalog.
export function buildLlmsTxt(routes: ResolvedRoute[], groups: Group[], base: string): string {
  const urls = urlsOf(base);
  const lines = [
    '# Toll',
    '',
    '> Pay-per-call data and utility API for software agents. Every operation is plain HTTP + JSON; paid ' +
      'operations answer 402 with an x402 challenge and are paid per call in USDC or SOL on Solana.',
    '',
    '## How to pay',
    '',
    ...HOW_TO_PAY.map((t) => `- ${t}`),
    '',
    '## Pay from a prepaid balance',
    '',
    balanceGuideMarkdown(),
    '',
    '## Schemas and interfaces',
    '',
    `- [OpenAPI 3.1](${urls.openapi}): every operation with its input and output JSON Schema, statuses and price ` +
      `(x-toll-price)`,
    `- [MCP endpoint](${urls.mcp}): Streamable HTTP; every operation is a tool named like its operationId with ` +
      `"_" for "."`,
    `- [x402 discovery list](${urls.discovery}): the paid resources in the x402 Bazaar shape`,
    `- [Docs](${urls.docs}): the same catalog for people, with example requests`,
    '',
  ];
  for (const [group, { title, routes: rs }] of byGroup(routes, groups)) {
    lines.push(`## ${title} (${group})`, '');
    for (const r of rs) {
      const proof = r.price && r.payerProof ? '; payer proof: the answer is a credential' : '';
      lines.push(
        `- [${r.method} ${r.path}](${urls.docs}#${r.operationId}): ${r.summary} (${priceText(r.price)}; ` +
          `operationId ${r.operationId}; MCP tool ${toolNameOf(r.operationId)}${proof})`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}
