import { test, expect } from '@playwright/test';
import { QUESTION_NAMES, QUESTIONNAIRE_SECTIONS } from '@brokerage/contracts/forms';
import { expectNoHorizontalOverflow, keepScreenshot, sidebarStep, signInAs } from '../../support/portal';
import { expectAxeClean } from '../steps/helpers';
import { clientAtStep, leaveAndSettle, PASSWORD } from './seed';

// Seller step 4: the questionnaire is saved, restored on return (also what was only autosaved), and submitted → green.

test('a seller saves the questionnaire, leaves, finds it restored, submits it and step 4 turns green', async ({ page, request }) => {
  test.setTimeout(120_000);
  const seller = await clientAtStep(request, 'SELLER', 3, 'Quinn Questionnaire');
  await signInAs(page, seller.email, PASSWORD, '/seller');
  await page.goto('/seller/questionnaire');
  await expect(page.getByRole('heading', { level: 1, name: 'Questionnaire' })).toBeVisible();
  await expect(sidebarStep(page, 4)).toHaveAttribute('data-state', 'current');

  const form = page.getByRole('form', { name: 'Seller Questionnaire' });
  for (const [i, s] of QUESTIONNAIRE_SECTIONS.entries()) await expect(form.getByRole('heading', { name: `${i + 1}. ${s.title}` })).toBeVisible();
  await expect(form.getByRole('textbox')).toHaveCount(QUESTION_NAMES.length + 7 + 8);

  const first = QUESTIONNAIRE_SECTIONS[0].questions[0].label;
  const reason = QUESTIONNAIRE_SECTIONS[7].questions[3].label;
  await form.getByLabel(first).fill('A specialty coffee roaster with two cafés.');
  await form.getByLabel('Title / Job, row 1').first().fill('Head roaster');
  // Remove shows only with more than one row.
  const staffing = form.getByRole('table', { name: 'Staffing', exact: true });
  await expect(staffing.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await form.getByRole('button', { name: 'Add Row' }).first().click();
  await expect(staffing.getByRole('button', { name: /^Remove/ })).toHaveCount(2);
  await staffing.getByLabel('Title / Job, row 2').fill('Barista');

  await form.getByRole('button', { name: 'Save for Later' }).click();
  await expect(page.getByText('Questionnaire saved successfully!')).toBeVisible();

  // Typed after the save, never saved by hand: the autosave keeps it.
  await form.getByLabel(reason).fill('Retiring after 20 years.');
  await expect(form.getByText('Draft saved', { exact: true })).toBeVisible({ timeout: 10_000 });

  await leaveAndSettle(page, '/seller');
  await page.goto('/seller/questionnaire');
  await expect(form.getByLabel(first)).toHaveValue('A specialty coffee roaster with two cafés.');
  await expect(form.getByLabel(reason)).toHaveValue('Retiring after 20 years.');
  await expect(staffing.getByLabel('Title / Job, row 2')).toHaveValue('Barista');

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page, '/seller/questionnaire at 375px');
  await expectAxeClean(page, '/seller/questionnaire at 375px');
  if (process.env.PORTAL_SCREENS) await keepScreenshot(page, 'forms-questionnaire-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Questionnaire submitted successfully! PDF document has been generated.', { exact: true })).toBeVisible();
  await expect(sidebarStep(page, 4)).toHaveAttribute('data-state', 'completed', { timeout: 15_000 });
  await expect(page.getByRole('link', { name: /Next/ })).toBeVisible();
});
