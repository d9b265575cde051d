import { test, expect } from '@playwright/test';
import { signIn, sidebar } from '../support/session';
import { stackState } from '../support/stack-state';

// Runs last: it stops the checklists service of the test stack for good.
test('a stopped service answers 503 on its routes while every other area keeps working', async ({ page, request }) => {
  const { pids } = stackState();
  const checklistPids = Object.entries(pids).filter(([name]) => name === 'checklists' || name.startsWith('checklists#'));
  expect(checklistPids.length).toBeGreaterThan(0);
  expect((await request.get('/api/health/checklists')).status()).toBe(200);

  for (const [, pid] of checklistPids) process.kill(pid, 'SIGKILL');
  await expect.poll(async () => (await request.get('/api/health/checklists')).status(), { timeout: 10_000 }).toBe(503);

  const health = await request.get('/api/health/checklists');
  expect(health.status()).toBe(503);
  expect(await health.json()).toEqual({ message: 'This service is temporarily unavailable. Please try again shortly.' });

  // Other services and areas still work.
  const listings = await request.get('/api/auth/available-listings');
  expect(listings.status()).toBe(200);
  await signIn(page, 'BROKER');
  await expect(sidebar(page)).toContainText('Admin Portal');
});
