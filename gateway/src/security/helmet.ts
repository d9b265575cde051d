import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { RegistryFile } from '../registry/registry.js';

/**
 * Helmet options: CSP allowing 'self' plus the remotes' origins from the registry (when absolute URLs),
 * img data:, style 'self' 'unsafe-inline' (React style attributes and toast styles need it), no framing,
 * nosniff, a strict referrer policy, HSTS only behind TLS (COOKIE_SECURE=1).
 */
export function helmetOptions(registry: RegistryFile, secure: boolean): FastifyHelmetOptions {
  const remotes = () => registry.remoteOrigins().join(' ');
  // helmet accepts functions (req, res) => string as directive values; an empty string is skipped.
  const dyn = [(_req: unknown, _res: unknown) => remotes()] as unknown as string[];
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...dyn],
        connectSrc: ["'self'", ...dyn],
        styleSrc: ["'self'", "'unsafe-inline'", ...dyn],
        imgSrc: ["'self'", 'data:', ...dyn],
        fontSrc: ["'self'", 'data:', ...dyn],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  };
}
