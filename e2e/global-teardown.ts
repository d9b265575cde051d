import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default async function globalTeardown() {
  const stack = (globalThis as any).__STACK__;
  if (stack) await stack.stop();
  const stateFile = path.join(os.tmpdir(), 'brokerage-e2e-state.json');
  if (fs.existsSync(stateFile)) {
    const { dataDir } = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(stateFile, { force: true });
  }
}
