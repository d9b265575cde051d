import { draftBodySchema, draftDiscardedSchema, draftKeyParamsSchema, draftSchema } from '../drafts.js';
import { route, SIGNED_IN } from './define.js';

const DEFINED = 'server-side drafts of the long forms (listing form, message compose; issue 19 §3): not shown';

/** The caller's own drafts, per form key (identity service). */
export const DRAFTS_API = [
  route({ method: 'GET', path: '/drafts/:key', params: draftKeyParamsSchema, response: draftSchema, service: 'identity', roles: SIGNED_IN, relation: 'self', spec: 'p2§4', defined: DEFINED, summary: "The caller's draft of a form (404 when there is none)." }),
  route({ method: 'PUT', path: '/drafts/:key', params: draftKeyParamsSchema, body: draftBodySchema, response: draftSchema, service: 'identity', roles: SIGNED_IN, relation: 'self', spec: 'p2§4', defined: DEFINED, summary: "Keep the caller's draft of a form ({data}, at most 64 KB)." }),
  route({ method: 'DELETE', path: '/drafts/:key', params: draftKeyParamsSchema, response: draftDiscardedSchema, service: 'identity', roles: SIGNED_IN, relation: 'self', spec: 'p2§4', defined: DEFINED, summary: "Discard the caller's draft of a form (submitted or discarded)." }),
] as const;
