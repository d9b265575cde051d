import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { cookieOf } from '../session/cookie.js';

/** How long a device that signed in stays trusted for its account without signing in again. */
export const DEVICE_COOKIE_MAX_AGE_S = 90 * 24 * 60 * 60;
const VERSION = 'v1';
const ACCOUNT_RE = /^[0-9a-f]{24}$/;
const DEVICE_RE = /^[A-Za-z0-9_-]{22}$/;
const ISSUED_RE = /^[0-9a-z]{1,10}$/;

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): after a successful sign-in the
 * gateway sets an httpOnly cookie naming the account (the hash of its e-mail, as in the rate-limit keys) and a random
 * device id, signed with an HMAC key derived from the gateway's identity signing key (every replica holds the same
 * key; rotating it simply makes devices sign in once without the cookie's benefit). While an account is locked out
 * after failed sign-ins, a sign-in carrying a valid device cookie of that account meets its device's own lockout
 * instead, so whoever else knows the e-mail cannot lock its owner out.
 *
 * Value: `v1.<account>.<deviceId>.<issued, epoch s base 36>.<HMAC-SHA256 base64url>`.
 */
export class DeviceCookies {
  private readonly key: Buffer;

  /** `secret`: the private scalar (`d`) of the gateway's identity signing key, or any high-entropy secret. */
  constructor(secret: string, readonly name: string, private readonly secure: boolean) {
    this.key = Buffer.from(hkdfSync('sha256', Buffer.from(secret), Buffer.alloc(0), 'brokerage-gateway device cookie v1', 32));
  }

  /** From the gateway's IDENTITY_JWT_PRIVATE_KEY (a private JWK; its `d` is the secret). */
  static fromSigningJwk(jwkText: string, name: string, secure: boolean): DeviceCookies {
    const d = (JSON.parse(jwkText) as { d?: unknown }).d;
    if (typeof d !== 'string' || d.length < 32) throw new Error('IDENTITY_JWT_PRIVATE_KEY has no private scalar (d)');
    return new DeviceCookies(d, name, secure);
  }

  /** A Set-Cookie value naming `account` (a rate-limit account key) with a fresh device id. */
  issue(account: string, nowS = Math.floor(Date.now() / 1000)): string {
    const body = `${VERSION}.${account}.${randomBytes(16).toString('base64url')}.${nowS.toString(36)}`;
    const value = `${body}.${this.mac(body)}`;
    return `${this.name}=${value}; Path=/; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Strict${this.secure ? '; Secure' : ''}`;
  }

  /** The device id when the request carries a valid, unexpired device cookie of `account`; else null. */
  deviceFor(req: FastifyRequest, account: string | null): string | null {
    const raw = account ? cookieOf(req, this.name) : undefined;
    if (!raw || raw.length > 200) return null;
    const parts = raw.split('.');
    if (parts.length !== 5) return null;
    const [version, acct, device, issued, mac] = parts as [string, string, string, string, string];
    if (version !== VERSION || acct !== account || !ACCOUNT_RE.test(acct) || !DEVICE_RE.test(device) || !ISSUED_RE.test(issued)) return null;
    const expected = Buffer.from(this.mac(`${version}.${acct}.${device}.${issued}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const ageS = Math.floor(Date.now() / 1000) - parseInt(issued, 36);
    return ageS >= -60 && ageS <= DEVICE_COOKIE_MAX_AGE_S ? device : null;
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}

/** The device cookie's name, by the session cookie's rule: `__Host-` where cookies are Secure. */
export const deviceCookieName = (secure: boolean) => (secure ? '__Host-bb_device' : 'bb_device');
