import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@toll/platform';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { MessagingConfig } from './config';

const VERSION = 'v1';
const IV_BYTES = 12; // the GCM standard nonce size; random per encryption
const TAG_BYTES = 16;

// Bot tokens at rest: AES-256-GCM under MESSAGING_TOKEN_KEY. The bot's id is the associated data, so a
// ciphertext copied onto another bot's row does not decrypt.
@Injectable()
export class TokenVault {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: Pick<MessagingConfig, 'MESSAGING_TOKEN_KEY'>) {
    this.key = Buffer.from(config.MESSAGING_TOKEN_KEY, 'hex');
  }

  seal(token: string, botId: bigint): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(Buffer.from(botId.toString()));
    const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
  }

  open(sealed: string, botId: bigint): string {
    const [version, payload] = sealed.split('.');
    if (version !== VERSION || !payload) throw new Error('unknown token format');
    const raw = Buffer.from(payload, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES)).setAAD(
      Buffer.from(botId.toString()),
    );
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}
