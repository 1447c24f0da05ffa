import { Keypair, PublicKey } from '@solana/web3.js';
import { startLocalRpc } from '@toll/local-chain';
import { startNats, type NatsServer } from '@toll/testing';
import { SOLANA_NETWORKS } from '@toll/x402';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { startGateway, type RunningGateway } from '../../apps/gateway/src/bootstrap';
import { startPayments } from '../../apps/payments/src/bootstrap';
import { PaymentsConfig, localDefaults } from '../../apps/payments/src/config';
import { resolveTerms } from '../../apps/payments/src/terms';
import { startShop } from './shop-group';

export const USDC = SOLANA_NETWORKS.devnet.usdcMint;
export const MEMO_SECRET = localDefaults.memoSecret();
export const ADMIN_DB = 'postgresql://postgres@127.0.0.1:5432/postgres';

export interface Stack {
  nats: NatsServer;
  rpc: Awaited<ReturnType<typeof startLocalRpc>>;
  gateways: RunningGateway[];
  payer: Keypair;
  recipient: PublicKey;
  databaseUrl: string;
  stop(): Promise<void>;
}

// The real thing, in one process: NATS, a LiteSVM chain behind JSON-RPC, Postgres, payments, gateway(s), a group.
export async function startStack({ gateways = 1, payments = 1 } = {}): Promise<Stack> {
  const nats = await startNats();
  const rpc = await startLocalRpc({ port: 0 });
  const database = `toll_payments_e2e_${randomBytes(4).toString('hex')}`;
  const databaseUrl = `postgresql://postgres@127.0.0.1:5432/${database}`;
  const env = { NATS_URL: nats.url, LOG_LEVEL: 'error', DATABASE_URL: databaseUrl, SOLANA_RPC_URLS: rpc.url, PAYMENTS_SOL_USD_FIXED: '150', ANNOUNCE_INTERVAL_MS: '500', NATS_GRACE_PERIOD_MS: '50' };
  const paymentApps = [];
  for (let i = 0; i < payments; i++) paymentApps.push(await startPayments(env));
  const recipient = new PublicKey(resolveTerms(PaymentsConfig.parse(env)).recipient);
  const shop = await startShop(nats.url);
  const gws: RunningGateway[] = [];
  for (let i = 0; i < gateways; i++) gws.push(await startGateway({ NATS_URL: nats.url, PORT: '0', LOG_LEVEL: 'error' }));

  const payer = Keypair.generate();
  rpc.chain.airdrop(payer.publicKey, 10_000_000_000n);
  rpc.chain.createMint({ address: new PublicKey(USDC), decimals: 6, mintAuthority: Keypair.generate().publicKey });
  rpc.chain.mintTo(payer.publicKey, new PublicKey(USDC), 1_000_000_000n);
  rpc.chain.mintTo(recipient, new PublicKey(USDC), 0n);

  return {
    nats,
    rpc,
    gateways: gws,
    payer,
    recipient,
    databaseUrl,
    stop: async () => {
      for (const g of gws) await g.close();
      await shop.close();
      for (const p of paymentApps) await p.close();
      await rpc.close();
      await nats.stop();
      const admin = new Client({ connectionString: ADMIN_DB });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await admin.end();
    },
  };
}
