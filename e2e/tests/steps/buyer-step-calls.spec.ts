import { test, expect } from '@playwright/test';
import { sidebarStep, signInAs } from '../../support/portal';
import { clientAtStep, PASSWORD } from '../forms/seed';

// The buyer's hand-completed steps use the spec's buyer call (part 2 §7: POST /buyer/update-step {stepId, completion flag}).

test('the buyer\'s pre-close "Mark as Complete" is POST /buyer/update-step {stepId: 8, completed: true}', async ({ page, request }) => {
  test.setTimeout(120_000);
  const buyer = await clientAtStep(request, 'BUYER', 8, 'Ugo Update');
  await signInAs(page, buyer.email, PASSWORD, '/buyer');
  await page.goto('/buyer/pre-close-checklist');
  await expect(page.getByRole('heading', { level: 1, name: 'Pre Close Checklist' })).toBeVisible({ timeout: 20_000 });
  const call = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/buyer\/(update-step|mark-step-completed)$/.test(new URL(r.url()).pathname));
  await page.getByRole('button', { name: 'Mark as Complete' }).click();
  const sent = await call;
  expect(new URL(sent.url()).pathname).toBe('/api/buyer/update-step');
  expect(sent.postDataJSON()).toEqual({ stepId: 8, completed: true });
  await expect(page.getByText('Pre-Close Checklist marked as completed successfully!')).toBeVisible();
  await expect(sidebarStep(page, 9)).toHaveAttribute('data-state', 'completed', { timeout: 15_000 });
});
