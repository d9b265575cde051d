import fs from 'node:fs';

export default async function globalTeardown() {
  const infra = globalThis.__BROKERAGE_INFRA__;
  if (!infra) return;
  await infra.stop();
  fs.rmSync(infra.dataDir, { recursive: true, force: true });
}
