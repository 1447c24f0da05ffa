import type { LocalChain } from './chain';
import { invalidParams } from './errors';
import { transactionFee } from './fees';
import { addressListAt, API_VERSION, configAt, contextSlot, stringAt, toNumber, withContext } from './rpc-params';
import type { RpcMethods } from './rpc-types';
import { decodeMessage, WireError, type DecodedMessage } from '@toll/solana';

// A feature-set id, as agave reports next to its version; clients only display it.
const FEATURE_SET = 3294202862;

export function clusterMethods(chain: LocalChain): RpcMethods {
  return {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': API_VERSION, 'feature-set': FEATURE_SET }),
    getGenesisHash: () => chain.genesisHash,
    getSlot: (p) => contextSlot(chain, configAt(p, 0)),
    getBlockHeight: (p) => {
      contextSlot(chain, configAt(p, 0));
      return chain.blockHeight;
    },
    getEpochInfo: (p) => {
      contextSlot(chain, configAt(p, 0));
      return chain.epochInfo();
    },
    getTransactionCount: () => chain.transactionCount,
    getLatestBlockhash: (p) => withContext(chain, configAt(p, 0), chain.latestBlockhash()),
    isBlockhashValid: (p) => withContext(chain, configAt(p, 1), chain.isBlockhashValid(stringAt(p, 0, 'blockhash'))),
    getMinimumBalanceForRentExemption: (p) => chain.minimumBalanceForRentExemption(toNumber(p[0] ?? 0n, 'data length')),
    // The real fee of the message: 5,000 per signature plus its compute-budget priority fee; null once its
    // blockhash has expired, as agave answers.
    getFeeForMessage: (p) => {
      const message = messageParam(stringAt(p, 0, 'message'));
      return withContext(
        chain,
        configAt(p, 1),
        chain.isBlockhashValid(message.recentBlockhash) ? transactionFee(message) : null,
      );
    },
    getRecentPrioritizationFees: (p) =>
      chain.recentPrioritizationFees(p[0] === undefined ? [] : addressListAt(p, 0, 128)),
  };
}

function messageParam(base64: string): DecodedMessage {
  try {
    return decodeMessage(Buffer.from(base64, 'base64'));
  } catch (e) {
    if (e instanceof WireError) throw invalidParams(`invalid message: ${e.message}`);
    throw e;
  }
}
