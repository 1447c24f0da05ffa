import { callOperation, type OperationReply } from '@toll/testing';
import type { NatsConnection } from 'nats';
import { createPrivateKey, createPublicKey, randomBytes, sign } from 'node:crypto';
import { canonicalMessage } from '../src/voucher';

// One batch operation over NATS, as the gateway sends it (payer: the wallet that paid for the call).
export const callBatch = (
  nc: NatsConnection,
  operation: string,
  input: unknown,
  options: { payer?: string; deadline?: number } = {},
): Promise<OperationReply> => callOperation(nc, `batch.${operation}`, input, options);

// A payer with its own Ed25519 key, signing vouchers exactly as the README describes.
export const newPayer = () => {
  const key = createPrivateKey({
    key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), randomBytes(32)]),
    format: 'der',
    type: 'pkcs8',
  });
  const payer = createPublicKey(key).export({ format: 'der', type: 'spki' }).subarray(12).toString('base64');
  const voucher = (
    over: { amount?: number | string; nonce?: string | number; expiry?: number; issued_at?: number } = {},
  ) => {
    const now = Math.floor(Date.now() / 1000);
    const fields = {
      amount: 500_000,
      nonce: randomBytes(6).toString('hex'),
      expiry: now + 86_400,
      issued_at: now - 30,
      ...over,
    };
    const message = canonicalMessage({
      payer,
      amount: BigInt(fields.amount),
      nonce: String(fields.nonce),
      expiry: BigInt(fields.expiry),
      issuedAt: BigInt(fields.issued_at),
    });
    return { payer, ...fields, signature: sign(null, message, key).toString('base64') };
  };
  return { payer, voucher };
};
