import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { RegistryFile } from '../registry/registry.js';
import { EARLY_SUBMIT_CSP_HASH } from '../prerender/early-submit.js';

/**
 * Helmet options: CSP allowing 'self' plus the remotes' origins from the registry (when absolute URLs) and, for
 * scripts, the prerendered pages' inline early-submit script by its hash,
 * img data:, style 'self' 'unsafe-inline' (React style attributes and toast styles need it), no framing,
 * nosniff, a strict referrer policy, HSTS only behind TLS (COOKIE_SECURE=1).
 */
export function helmetOptions(remoteOrigins: string[], secure: boolean): HelmetOptions {
  const remotes = remoteOrigins;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // the one inline script: prerendered pages' early-submit holder, by its hash (never 'unsafe-inline')
        scriptSrc: ["'self'", EARLY_SUBMIT_CSP_HASH, ...remotes],
        connectSrc: ["'self'", ...remotes],
        styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
        // blob: the document viewer's page images (fetched with the session, shown through object URLs; issue 23 §1)
        imgSrc: ["'self'", 'data:', 'blob:', ...remotes],
        fontSrc: ["'self'", 'data:', ...remotes],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  };
}

/** The headers helmet would set for these options, computed once (helmet's middleware run against a recorder). */
export function headersOf(options: HelmetOptions): Record<string, string> {
  const out: Record<string, string> = {};
  const recorder = {
    setHeader: (k: string, v: string | number) => { out[k.toLowerCase()] = String(v); },
    removeHeader: (k: string) => { delete out[k.toLowerCase()]; },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return out;
}

/**
 * The security headers of every response. Helmet's middleware parses its CSP directives on every request; here
 * the header set is built once and again only when the registry's remote origins change (the gateway's hot path).
 */
export function securityHeaders(registry: RegistryFile, secure: boolean): () => Record<string, string> {
  let key: string | null = null;
  let headers: Record<string, string> = {};
  return () => {
    const origins = registry.remoteOrigins();
    const k = origins.join(' ');
    if (k !== key) {
      headers = headersOf(helmetOptions(origins, secure));
      key = k;
    }
    return headers;
  };
}
