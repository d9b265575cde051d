import fs from 'node:fs';

export default async function globalTeardown() {
  const stack = (globalThis as any).__STACK__;
  if (stack) await stack.stop();
  const stateFile = process.env.E2E_STATE_FILE;
  if (stateFile && fs.existsSync(stateFile)) {
    const { dataDir } = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
