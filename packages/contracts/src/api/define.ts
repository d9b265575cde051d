// Helpers of the definition files (not exported from contracts).
import type { ApiMethod, ApiRoute } from './types.js';
import { UPLOAD_LIMITS } from '../documents.js';
import { MESSAGE_LIMITS } from '../messaging.js';

/** Keeps a definition's method and path as literal types (apiPath is typed by them). */
export function route<const M extends ApiMethod, const P extends string>(def: ApiRoute & { method: M; path: P }): ApiRoute & { method: M; path: P } {
  return def;
}

export const BROKER = ['BROKER'] as const;
export const AGENT = ['AGENT'] as const;
export const SELLER = ['SELLER'] as const;
export const BUYER = ['BUYER'] as const;
export const STAFF = ['BROKER', 'AGENT'] as const;
export const SIGNED_IN = ['BROKER', 'AGENT', 'SELLER', 'BUYER'] as const;
export const NOBODY = [] as const;

/** 'listing' object helpers. */
export const LISTING = { kind: 'listing' } as const;
export const listingIn = <const P extends string>(param: P) => ({ kind: 'listing', param }) as const;
export const documentIn = <const P extends string>(param: P) => ({ kind: 'document', param }) as const;
export const userIn = <const P extends string>(param: P) => ({ kind: 'user', param }) as const;
export const clientIn = <const U extends string>(userParam: U, param = 'listingId' as const) => ({ kind: 'listing', param, userParam }) as const;

export const MULTIPART_UPLOAD = { multipart: true, bodyLimit: 'upload', maxFiles: UPLOAD_LIMITS.maxFiles } as const;
export const MULTIPART_MESSAGE = { multipart: true, bodyLimit: 'message', maxFiles: MESSAGE_LIMITS.maxFiles } as const;
