import { createKeyPairSignerFromBytes } from '@solana/kit';
import { HTTPFacilitatorClient } from '@x402/core/server';
import type { PaymentPayload, PaymentRequirements, SettleResponse, VerifyResponse } from '@x402/core/types';
import { toFacilitatorSvmSigner } from '@x402/svm';
import { ExactSvmScheme } from '@x402/svm/exact/facilitator';
import type { PaymentsConfig } from './config';
import type { PaymentTerms } from './terms';

export interface Facilitator {
  verify(payload: PaymentPayload, requirements: PaymentRequirements): Promise<VerifyResponse>;
  settle(payload: PaymentPayload, requirements: PaymentRequirements): Promise<SettleResponse>;
}

export const FACILITATOR = Symbol('FACILITATOR');

// Self-facilitated by default: @x402/svm verifies the partially signed transfer, co-signs as fee payer,
// broadcasts and confirms through our own RPC. A configured facilitator URL replaces all of that.
export async function createFacilitator(config: PaymentsConfig, terms: PaymentTerms): Promise<Facilitator> {
  if (config.PAYMENTS_FACILITATOR_URL) return new HTTPFacilitatorClient({ url: config.PAYMENTS_FACILITATOR_URL });
  const signer = await createKeyPairSignerFromBytes(terms.feePayer.secretKey);
  const rpcUrl = config.SOLANA_RPC_URLS.split(',')[0];
  // toFacilitatorSvmSigner's single-RPC form is broken in 2.27.0 (docs/x402.md §0.6); the URL form works.
  return new ExactSvmScheme(toFacilitatorSvmSigner(signer as never, { defaultRpcUrl: rpcUrl }));
}
