// The local chain in its own process (forked by stack.js), so its CPU is measured and profiled apart from the
// load generator's. Messages: {fund: [addresses]} → {funded: true}.
const { SOLANA_NETWORKS } = require('@toll/x402');
const { startDemoChain, fundWallets } = require('@toll/local-chain');

startDemoChain({ port: 0, usdcMint: SOLANA_NETWORKS.devnet.usdcMint }).then((chain) => {
  process.on('message', (msg) => {
    fundWallets(chain.chain, msg.fund, chain.usdcMint);
    process.send({ funded: true });
  });
  process.once('SIGTERM', () => chain.close().then(() => process.exit(0)));
  process.send({
    url: chain.url,
    usdcMint: chain.usdcMint,
    demoWallet: { address: chain.demoWallet.address, secretKey: [...chain.demoWallet.secretKey] },
  });
});
