import type { StoredReply } from '@toll/contracts';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1.';

// Answers kept for redelivery may carry the caller's secrets (a rented bot's token): they are stored sealed with
// AES-256-GCM under a key derived from the memo secret, and only the redelivery to the same proof opens them.
export class ReplySeal {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'toll stored replies v1', 32));
  }

  seal(reply: StoredReply): StoredReply {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(reply.json, 'utf8'), cipher.final()]);
    return {
      json: VERSION + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64'),
      headers: reply.headers,
    };
  }

  // undefined when the text cannot be opened (another key): the redelivery then asks the group again.
  open(reply: StoredReply): StoredReply | undefined {
    if (!reply.json.startsWith(VERSION)) return undefined;
    const raw = Buffer.from(reply.json.slice(VERSION.length), 'base64');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return {
        json: Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'),
        headers: reply.headers,
      };
    } catch {
      return undefined;
    }
  }
}
