import { Keypair, PublicKey } from '@solana/web3.js';
import { startLocalRpc } from '@toll/local-chain';
import type { RunningGroup } from '@toll/platform';
import { type NatsServer, scratchDatabase, startNats } from '@toll/testing';
import { SOLANA_NETWORKS } from '@toll/x402';
import { startGateway, type RunningGateway } from '../../apps/gateway/src/bootstrap';
import { startPayments } from '../../apps/payments/src/bootstrap';
import { PaymentsConfig, localDefaults } from '../../apps/payments/src/config';
import { resolveTerms } from '../../apps/payments/src/terms';
import { startShop } from './shop-group';

export const USDC = SOLANA_NETWORKS.devnet.usdcMint;
export const MEMO_SECRET = localDefaults.memoSecret();

export interface Stack {
  gw: string; // the first gateway's URL
  nats: NatsServer;
  rpc: Awaited<ReturnType<typeof startLocalRpc>>;
  gateways: RunningGateway[];
  payments: RunningGroup[];
  shop: RunningGroup;
  payer: Keypair;
  recipient: PublicKey;
  paymentsDatabaseUrl: string;
  stop(): Promise<void>;
}

export interface StackOptions {
  gateways?: number;
  payments?: number;
  groups?: Array<(natsUrl: string, rpcUrl: string) => Promise<{ close(): Promise<void> }>>;
  gatewayEnv?: Record<string, string>;
  appEnv?: Record<string, string>; // payments and the shop group (e.g. OTEL_* for the trace test)
}

// The real thing, in one process: NATS, a LiteSVM chain behind JSON-RPC, Postgres, payments, gateway(s), a group.
export async function startStack({
  gateways = 1,
  payments = 1,
  groups = [],
  gatewayEnv = {},
  appEnv = {},
}: StackOptions = {}): Promise<Stack> {
  const nats = await startNats();
  const rpc = await startLocalRpc({ port: 0 });
  const db = scratchDatabase('toll_payments_e2e');
  const env = {
    NATS_URL: nats.url,
    LOG_LEVEL: 'error',
    DATABASE_URL: db.url,
    SOLANA_RPC_URLS: rpc.url,
    PAYMENTS_SOL_USD_FIXED: '150',
    ANNOUNCE_INTERVAL_MS: '500',
    NATS_GRACE_PERIOD_MS: '50',
    ...appEnv,
  };
  const paymentApps: RunningGroup[] = [];
  for (let i = 0; i < payments; i++) paymentApps.push(await startPayments(env));
  const terms = resolveTerms(PaymentsConfig.parse(env));
  const recipient = new PublicKey(terms.recipient);
  const shop = await startShop(nats.url, appEnv);
  const extra = await Promise.all(groups.map((start) => start(nats.url, rpc.url)));
  const gws: RunningGateway[] = [];
  for (let i = 0; i < gateways; i++)
    gws.push(await startGateway({ NATS_URL: nats.url, PORT: '0', LOG_LEVEL: 'error', ...gatewayEnv }));

  const payer = Keypair.generate();
  rpc.chain.airdrop(payer.publicKey, 10_000_000_000n);
  rpc.chain.airdrop(terms.feePayer.publicKey, 1_000_000_000n); // pays the fees of x402 settlements
  rpc.chain.airdrop(recipient, 1_000_000_000n); // a wallet below rent exemption cannot receive small SOL payments
  rpc.chain.createMint({ address: new PublicKey(USDC), decimals: 6, mintAuthority: Keypair.generate().publicKey });
  rpc.chain.mintTo(payer.publicKey, new PublicKey(USDC), 1_000_000_000n);
  rpc.chain.mintTo(recipient, new PublicKey(USDC), 0n);

  return {
    gw: gws[0]?.url ?? '',
    nats,
    rpc,
    gateways: gws,
    payments: paymentApps,
    shop,
    payer,
    recipient,
    paymentsDatabaseUrl: db.url,
    stop: async () => {
      for (const g of gws) await g.close();
      await shop.close();
      for (const g of extra) await g.close();
      for (const p of paymentApps) await p.close();
      await rpc.close();
      await nats.stop();
      await db.drop();
    },
  };
}
