import { test, expect } from '@playwright/test';
import { signIn, sidebar } from '../support/session';
import { restartService, stopService } from '../support/stack-control';
import { stackState } from '../support/stack-state';

// Stops the checklists service of the test stack and starts it again afterwards, whatever happens: it can run in
// any order with the other tests.
test.describe('a stopped service', () => {
  test.afterAll(async () => {
    await restartService('checklists');
    expect((await fetch(`${stackState().url}/api/health/checklists`)).status).toBe(200);
  });

  test('answers 503 on its routes while every other area keeps working', async ({ page, request }) => {
    expect((await request.get('/api/health/checklists')).status()).toBe(200);

    await stopService('checklists');
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
});
