import type { Role } from './roles.js';

/** Header carrying the gateway-signed identity (short-lived ES256 JWT) to the services. Never accepted from outside. */
export const IDENTITY_HEADER = 'x-identity-token';
/** Header carrying the opaque session token from the browser (spec: "session token header"). */
export const SESSION_HEADER = 'x-session-token';
/** Header set by the browser client when local storage is unavailable (spec: private browsing mode). */
export const BROWSER_MODE_HEADER = 'x-browser-mode';
/** Name of the httpOnly session cookie over plain http (the launcher's local run). */
export const SESSION_COOKIE = 'bb_session';
/** Name of the session cookie where served over TLS (Secure, Path=/, no Domain: the browser binds it to the host). */
export const SESSION_COOKIE_SECURE = '__Host-bb_session';
/** Request id header set by the gateway. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Claims of the identity JWT the gateway signs for services (and services sign for each other with role SERVICE). */
export interface IdentityClaims {
  sub: string; // user id (uuid) or "service:<name>"
  role: Role | 'SERVICE';
  name: string;
  email?: string;
  sid?: string; // session id (not the token)
  via?: 'cookie' | 'header'; // how the session token reached the gateway
}

export const IDENTITY_JWT_ISSUER = 'brokerage-gateway';
export const IDENTITY_JWT_AUDIENCE = 'brokerage-services';
/** Service-to-service tokens: their own key pair and audience, so neither kind is accepted as the other. */
export const SERVICE_JWT_ISSUER = 'brokerage-service';
export const SERVICE_JWT_AUDIENCE = 'brokerage-internal';
/**
 * The processes that call internal routes, each with its own service signing key (SERVICE_JWT_PRIVATE_KEY, kid
 * `service-<name>-…`): a verified service token names the service its key belongs to, and each internal route lists the
 * callers it accepts (@InternalCallers). The pdf worker calls nothing and holds no service key.
 */
export const SERVICE_NAMES = ['identity', 'listings', 'documents', 'messaging', 'checklists', 'gateway'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
/** The kid prefix of a service's signing key: `service-<name>-` (then a date and a random suffix). */
export const SERVICE_KEY_ID_PREFIX = 'service-';
/** The session cache entries identity writes to Redis (`session:<sha256>`) are JWTs with this issuer/audience. */
export const SESSION_CACHE_ISSUER = 'brokerage-identity';
export const SESSION_CACHE_AUDIENCE = 'brokerage-gateway';
/**
 * Claim of a session cache entry naming the token hash (sha256 hex) it was written for: the gateway refuses an entry
 * whose claim differs from the key it read it under, so a genuine entry copied under another token's hash is no session.
 */
export const SESSION_CACHE_TOKEN_HASH_CLAIM = 'th';
/**
 * Redis pub/sub channel on which identity announces sessions that ended (logout, password reset or change, archive,
 * delete): a JSON `SessionsEndedNotice`. Every gateway replica drops what it cached for them and closes their open
 * live-event streams (GET /api/events). Fire-and-forget: the revoked rows and deleted cache keys stay the truth.
 */
export const SESSIONS_ENDED_CHANNEL = 'sessions:ended';
export interface SessionsEndedNotice { tokenHashes: string[] }
