import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { IDENTITY_HEADER, IDENTITY_JWT_AUDIENCE, IDENTITY_JWT_ISSUER, ROLES, type IdentityClaims } from '@brokerage/contracts';
import { SERVICE_CONFIG, type ServiceConfig } from '../config/service-config.js';

export const IDENTITY_STRATEGY = 'identity-jwt';

const KNOWN_ROLES: readonly string[] = [...ROLES, 'SERVICE'];

/** Verifies the gateway-signed identity in header x-identity-token (HS256). */
@Injectable()
export class IdentityJwtStrategy extends PassportStrategy(Strategy, IDENTITY_STRATEGY) {
  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    super({
      jwtFromRequest: ExtractJwt.fromHeader(IDENTITY_HEADER),
      secretOrKey: config.INTERNAL_JWT_SECRET,
      algorithms: ['HS256'],
      issuer: IDENTITY_JWT_ISSUER,
      audience: IDENTITY_JWT_AUDIENCE,
      ignoreExpiration: false,
    });
  }

  validate(payload: Record<string, unknown>): IdentityClaims | false {
    if (typeof payload.sub !== 'string' || typeof payload.role !== 'string' || !KNOWN_ROLES.includes(payload.role)) {
      return false;
    }
    const claims: IdentityClaims = {
      sub: payload.sub,
      role: payload.role as IdentityClaims['role'],
      name: typeof payload.name === 'string' ? payload.name : '',
    };
    if (typeof payload.email === 'string') claims.email = payload.email;
    if (typeof payload.sid === 'string') claims.sid = payload.sid;
    if (payload.via === 'cookie' || payload.via === 'header') claims.via = payload.via;
    return claims;
  }
}
