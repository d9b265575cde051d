import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import passport from 'passport';
import { decodeJwt } from 'jose';
import type { Request } from 'express';
import { IDENTITY_HEADER, type IdentityClaims } from '@brokerage/contracts';
import { SERVICE_CONFIG, type ServiceConfig } from '../config/service-config.js';
import { parsePublicJwks, serviceOfKid, verifyIdentityToken, type VerificationKeys } from './identity-token.js';

export const IDENTITY_STRATEGY = 'identity-jwt';

const MAX_REMEMBERED = 5_000;

interface BaseStrategy { success(user: unknown): void; fail(challenge: string, status: number): void }
const Base = (passport as unknown as { Strategy: new () => BaseStrategy }).Strategy;

/** Passport strategy over a plain header check: verification lives in verifyIdentityToken. */
class HeaderTokenStrategy extends Base {
  // PassportStrategy appends its verify callback; the claims come from `verify` instead
  constructor(private readonly verify: (token: string) => Promise<IdentityClaims | null>, _done: () => void) { super(); }

  authenticate(req: Request): void {
    const token = req.headers[IDENTITY_HEADER];
    if (typeof token !== 'string' || !token) { this.fail('no identity', 401); return; }
    this.verify(token).then(
      (claims) => (claims ? this.success(claims) : this.fail('invalid identity', 401)),
      () => this.fail('invalid identity', 401),
    );
  }
}

/**
 * Verifies the x-identity-token (ES256): user identities against the gateway's public keys (IDENTITY_JWT_PUBLIC_KEYS),
 * service tokens against the services' public keys (SERVICE_JWT_PUBLIC_KEYS, one per service, the kid naming it), each
 * with its own audience.
 * The gateway reuses one JWT per session for up to 30 s, so a verified token is remembered until it expires.
 */
@Injectable()
export class IdentityJwtStrategy extends PassportStrategy(HeaderTokenStrategy, IDENTITY_STRATEGY) {
  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    const keys: VerificationKeys = {
      identity: parsePublicJwks(config.IDENTITY_JWT_PUBLIC_KEYS, 'IDENTITY_JWT_PUBLIC_KEYS'),
      service: parsePublicJwks(config.SERVICE_JWT_PUBLIC_KEYS, 'SERVICE_JWT_PUBLIC_KEYS'),
    };
    // each service signs with its own key, and the kid says whose it is: a key naming no service could speak for none
    for (const kid of keys.service.keys()) {
      if (!serviceOfKid(kid)) throw new Error(`SERVICE_JWT_PUBLIC_KEYS: kid "${kid}" names no service (expected service-<name>-…)`);
    }
    const verified = new Map<string, { claims: IdentityClaims; until: number }>();
    super(async (token: string): Promise<IdentityClaims | null> => {
      const now = Date.now();
      const hit = verified.get(token);
      if (hit) {
        if (hit.until > now) return hit.claims;
        verified.delete(token);
      }
      const claims = await verifyIdentityToken(token, keys);
      if (claims) {
        if (verified.size >= MAX_REMEMBERED) verified.clear();
        const exp = expOf(token);
        if (exp) verified.set(token, { claims, until: exp * 1000 });
      }
      return claims;
    });
  }

  /** Passport's verify callback of PassportStrategy: the claims are already checked. */
  validate(claims: IdentityClaims): IdentityClaims {
    return claims;
  }
}

function expOf(token: string): number | undefined {
  try {
    return decodeJwt(token).exp;
  } catch { return undefined; }
}
