import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';
import { NOTIFICATION_KINDS, type NotificationKind } from '@brokerage/contracts';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/identity-config.js';

const payloadSchema = z.object({ u: z.uuid(), k: z.enum(NOTIFICATION_KINDS) }).strict();
const B64URL = /^[A-Za-z0-9_-]+$/;

/**
 * The unsubscribe links' tokens: base64url(JSON {u: userId, k: kind}) + '.' + base64url(HMAC-SHA256(payload)).
 * No expiry (an old e-mail's link keeps working, as mail clients expect of List-Unsubscribe); it can only ever turn
 * one kind of one user Off. Checked in constant time; anything altered or forged → null.
 */
@Injectable()
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(@Inject(IDENTITY_CONFIG) config: IdentityConfig) {
    if (config.NOTICE_TOKEN_SECRET) {
      this.key = Buffer.from(config.NOTICE_TOKEN_SECRET, 'utf8');
    } else if (config.SERVICE_JWT_PRIVATE_KEY) {
      this.key = Buffer.from(hkdfSync('sha256', config.SERVICE_JWT_PRIVATE_KEY, 'brokerage-identity', 'notice-unsubscribe-v1', 32));
    } else {
      new Logger(UnsubscribeTokens.name).warn('neither NOTICE_TOKEN_SECRET nor SERVICE_JWT_PRIVATE_KEY: unsubscribe links last until restart');
      this.key = randomBytes(32);
    }
  }

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload).digest();
  }

  sign(userId: string, kind: NotificationKind): string {
    const payload = Buffer.from(JSON.stringify({ u: userId, k: kind })).toString('base64url');
    return `${payload}.${this.mac(payload).toString('base64url')}`;
  }

  verify(token: string): { userId: string; kind: NotificationKind } | null {
    const [payload, sig, ...rest] = token.split('.');
    if (!payload || !sig || rest.length > 0 || !B64URL.test(payload) || !B64URL.test(sig)) return null;
    const given = Buffer.from(sig, 'base64url');
    const expected = this.mac(payload);
    // the canonical encoding only: a changed last character may decode to the same bytes
    if (given.toString('base64url') !== sig || given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
      return parsed.success ? { userId: parsed.data.u, kind: parsed.data.k } : null;
    } catch {
      return null;
    }
  }
}
