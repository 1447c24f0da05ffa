#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { isAddress } from '@toll/solana';
import { createUsdcMint, fundWallets, type FundRequest } from './demo';
import { startLocalRpc } from './rpc-server';

const USAGE =
  'usage: toll-local-chain [--port 8899] [--host 127.0.0.1] [--usdc-mint <address>] [--fund <pubkey>[:sol]]... ' +
  '[--slot-ms 400] [--no-cheats]';

function parseFund(spec: string): FundRequest {
  const [address, sol] = spec.split(':');
  if (!isAddress(address) || (sol !== undefined && !(Number(sol) > 0))) throw new Error(`bad --fund ${spec}`);
  return { address, sol: sol === undefined ? undefined : Number(sol) };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8899' },
      host: { type: 'string', default: '127.0.0.1' },
      'usdc-mint': { type: 'string' },
      fund: { type: 'string', multiple: true, default: [] },
      'slot-ms': { type: 'string', default: '400' },
      'no-cheats': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const usdcMint = values['usdc-mint'];
  if (usdcMint !== undefined && !isAddress(usdcMint)) throw new Error(`bad --usdc-mint ${usdcMint}`);
  const wallets = values.fund.map(parseFund);

  const rpc = await startLocalRpc({
    port: Number(values.port),
    host: values.host,
    slotMs: Number(values['slot-ms']),
    cheats: !values['no-cheats'],
  });
  const mint = usdcMint ? createUsdcMint(rpc.chain, usdcMint) : undefined;
  fundWallets(rpc.chain, wallets, mint);

  const stop = (signal: string) => {
    console.log(`${signal}: stopping`);
    rpc.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));

  console.log(`local Solana RPC listening on ${rpc.url} (PubSub ${rpc.wsUrl})`);
  if (mint) console.log(`USDC mint (6 decimals) at ${mint}`);
  for (const w of wallets)
    console.log(`funded ${w.address} with ${w.sol ?? 10} SOL${mint ? ' and an empty USDC account' : ''}`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  console.error(USAGE);
  process.exit(1);
});
