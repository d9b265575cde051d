/**
 * Runtime copies of the few @brokerage/contracts constants the gateway needs.
 * The contracts package ships TypeScript sources only (main: src/index.ts), which Node 20 cannot import from the built
 * gateway (dist/main.js). test/contracts.spec.ts asserts these stay equal to the package's values.
 */
export const IDENTITY_HEADER = 'x-identity-token';
export const SESSION_HEADER = 'x-session-token';
export const SESSION_COOKIE = 'bb_session';
export const REQUEST_ID_HEADER = 'x-request-id';
export const IDENTITY_JWT_ISSUER = 'brokerage-gateway';
export const IDENTITY_JWT_AUDIENCE = 'brokerage-services';

export const MSG = {
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  notImplemented: 'This feature is not available yet.',
  serviceUnavailable: 'This service is temporarily unavailable. Please try again shortly.',
  notFound: 'Not found',
  somethingWrong: 'Something went wrong',
} as const;

export type Role = 'BROKER' | 'AGENT' | 'SELLER' | 'BUYER';
export interface IdentityClaims {
  sub: string;
  role: Role | 'SERVICE';
  name: string;
  email?: string;
  sid?: string;
  via?: 'cookie' | 'header';
}
