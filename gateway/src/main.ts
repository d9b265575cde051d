import { buildGateway } from './app.js';
import { loadConfig } from './config.js';

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
const app = await buildGateway(config);
let closing = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (closing) return;
    closing = true;
    app.close().then(() => process.exit(0), () => process.exit(1));
    setTimeout(() => process.exit(1), 10_000).unref();
  });
}
try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  app.log.error({ err: (err as Error).message }, 'gateway failed to listen');
  process.exit(1);
}
