import jwt from 'jsonwebtoken';
import { IDENTITY_JWT_AUDIENCE, IDENTITY_JWT_ISSUER, type IdentityClaims } from '@brokerage/contracts';

export const IDENTITY_TOKEN_TTL_SECONDS = 60;

function secretOrThrow(secret: string | undefined): string {
  if (!secret || secret.length < 32) throw new Error('INTERNAL_JWT_SECRET must be set (at least 32 characters)');
  return secret;
}

/** Signs an identity JWT (HS256, iss/aud of the contracts, 60 s) as the gateway does. */
export function signIdentityToken(
  claims: IdentityClaims,
  secret: string | undefined = process.env.INTERNAL_JWT_SECRET,
  expiresInSeconds = IDENTITY_TOKEN_TTL_SECONDS,
): string {
  const { sub, ...rest } = claims;
  return jwt.sign({ ...rest }, secretOrThrow(secret), {
    algorithm: 'HS256',
    subject: sub,
    issuer: IDENTITY_JWT_ISSUER,
    audience: IDENTITY_JWT_AUDIENCE,
    expiresIn: expiresInSeconds,
  });
}

/** Token for service-to-service calls: {sub: 'service:<name>', role: 'SERVICE', name}. */
export function signServiceToken(serviceName: string, secret: string | undefined = process.env.INTERNAL_JWT_SECRET): string {
  return signIdentityToken({ sub: `service:${serviceName}`, role: 'SERVICE', name: serviceName }, secret);
}
