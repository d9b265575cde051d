import { stackState } from './stack-state';

/** Stop / restart a process group of the test stack ('checklists', 'identity#2', 'gateway'…) from a test. */
async function control(action: 'stop' | 'restart', name: string): Promise<Record<string, number>> {
  const res = await fetch(`${stackState().controlUrl}/${action}/${encodeURIComponent(name)}`, { method: 'POST' });
  const body = (await res.json()) as { pids?: Record<string, number>; message?: string };
  if (!res.ok) throw new Error(`${action} ${name}: ${body.message ?? res.status}`);
  return body.pids ?? {};
}

export const stopService = (name: string) => control('stop', name);
export const restartService = (name: string) => control('restart', name);
