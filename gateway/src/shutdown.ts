import type { FastifyInstance } from 'fastify';
import type { Gateway } from './app.js';

/** Longest a SIGTERMed gateway takes to exit (issue 20 §2: close within 10 s), as the services (nest-common). */
export const SHUTDOWN_LIMIT_MS = 10_000;

/**
 * Graceful shutdown (SIGTERM, issue 20 §2), as the services do it: the gateway drains at once (GET /api/health 503, so
 * a load balancer stops choosing it; `connection: close` on every answer; open /api/events streams told to reconnect
 * elsewhere), serves on for `drainMs`, then closes its listener (new connections are refused), finishes the requests
 * in flight and closes Redis. Resolves when closed.
 */
export async function shutdownGracefully(app: FastifyInstance & { gateway: Gateway }, drainMs: number): Promise<void> {
  app.gateway.drain();
  if (drainMs > 0) await new Promise((r) => setTimeout(r, drainMs));
  await app.close();
}
