import { buildGateway } from './app.js';
import { loadConfig } from './config.js';
import { healthRoutes } from './health.js';
import { startMetricsServer } from './metrics.js';
import { SHUTDOWN_LIMIT_MS, shutdownGracefully } from './shutdown.js';

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
const app = await buildGateway(config);
let closing = false;
// SIGTERM: graceful (drain, then close; shutdown.ts); SIGINT closes at once. Past SHUTDOWN_LIMIT_MS it exits anyway.
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (closing) return;
    closing = true;
    if (sig === 'SIGTERM') app.log.info(`SIGTERM: not ready; closing in ${config.shutdownDrainMs} ms after the requests in flight`);
    setTimeout(() => {
      app.log.warn(`shutdown took longer than ${SHUTDOWN_LIMIT_MS / 1000} s: exiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    (sig === 'SIGTERM' ? shutdownGracefully(app, config.shutdownDrainMs) : app.close()).then(() => process.exit(0), () => process.exit(1));
  });
}
try {
  await app.listen({ port: config.port, host: config.host });
  // /metrics and the probes' /health/live, /health/ready on a port of its own (never under the public /api):
  // METRICS_PORT, default PORT + 100
  await startMetricsServer(config.metricsPort, config.host, healthRoutes(app.gateway, config.identityInternal));
} catch (err) {
  app.log.error({ err: (err as Error).message }, 'gateway failed to listen');
  process.exit(1);
}
