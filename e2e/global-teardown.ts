import fs from 'node:fs';

/** What global-setup left on globalThis (same process). */
type SetupGlobals = { __STACK__?: { stop(): Promise<unknown> }; __STACK_CONTROL__?: { close(): Promise<unknown> } };

export default async function globalTeardown() {
  const { __STACK__: stack, __STACK_CONTROL__: control } = globalThis as SetupGlobals;
  await control?.close();
  if (stack) await stack.stop();
  const stateFile = process.env.E2E_STATE_FILE;
  if (stateFile && fs.existsSync(stateFile)) {
    const { dataDir } = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
