import type { z } from 'zod';
import type { Role } from '../roles.js';

/**
 * One public API route, defined once (ARCHITECTURE "Access policy"): the gateway's route table, the services' roles
 * guard, the merged OpenAPI at /api/docs, the remotes' `apiPath` and the access-matrix test are derived from these.
 */
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const API_SERVICES = ['identity', 'listings', 'documents', 'messaging', 'checklists'] as const;
export type ApiService = (typeof API_SERVICES)[number];

/** How the caller must relate to what the route acts on (beyond holding one of its roles). */
export type ApiRelation =
  /** anyone, signed in or not */
  | 'public'
  /** any allowed role, acting on the caller's own data (inbox, own dashboard, own selected listing...) */
  | 'self'
  /** broker (and agent where roles say), no object in the path or a staff-wide list */
  | 'staff'
  /** a party of the listing named by `object.param` (or the caller's selected listing, or ?listingId=, when no param):
   *  broker, the listing's agent, its seller, its non-rejected buyers (a buyer only after their NDA for it); clients
   *  also past `step` */
  | 'listing'
  /** like 'listing' but a buyer before the NDA gets 200 with only the public card (GET /buyer/listings/:id...) */
  | 'listing-card'
  /** a party who may see the document named by object.param (its listing's rule applies) */
  | 'document'
  /** the sender or receiver of the message named by object.param */
  | 'message'
  /** staff acting on a client (object.userParam) of a listing (object.param) in their scope (agent: assigned listings) */
  | 'client'
  /** staff acting on a user by id (broker/admin areas) */
  | 'user';

export type ApiRole = Role;
export type ApiBodyLimit = 'upload' | 'message';

export interface ApiObject {
  /** The path parameter naming the object; absent: the caller's selected listing (or the ?listingId= query). */
  param?: string;
  kind: 'listing' | 'document' | 'message' | 'user';
  /** 'client' routes: the path parameter naming the client (seller or buyer). */
  userParam?: string;
}

export interface ApiRoute {
  method: ApiMethod;
  /** Relative to /api, ':name' for a segment parameter. */
  path: string;
  service: ApiService;
  /** Who may call it at all ('public': anyone, signed in or not; []: nobody). */
  roles: readonly ApiRole[] | 'public';
  relation: ApiRelation;
  object?: ApiObject;
  /** For clients: the journey step this call acts on (writes, and a buyer's reads of a step's files); absent for
   *  other reads and where the step comes from the body, the form or the document. */
  step?: number;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response?: z.ZodType;
  /** The body is multipart and streamed through the gateway, up to `bodyLimit` (default 'upload'); else JSON ≤ 1 MB. */
  multipart?: boolean;
  bodyLimit?: ApiBodyLimit;
  /** Multipart routes: the most files one request may carry (the gateway refuses a larger Content-Length at once). */
  maxFiles?: number;
  /** Spec reference, e.g. 'p2§7'. */
  spec: string;
  /** Set when the spec does not show the path and we defined it (gateway/ROUTES.md lists these). */
  defined?: string;
  /** The 403 text a SELLER or BUYER gets from the roles check instead of the generic one (the spec's own words). */
  deniedMessage?: string;
  /** One line for /api/docs. */
  summary: string;
}
