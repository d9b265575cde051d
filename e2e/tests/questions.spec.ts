import { test, expect, type Page } from '@playwright/test';
import { signInAs } from '../support/portal';
import { DEMO, DEMO_PASSWORD } from '../support/session';
import { clientAtStep, interestedBuyer, PASSWORD } from './forms/seed';
import { realPdf } from './steps/helpers';
import { mailTo, type Mail } from '../support/public';

// Due-diligence Q&A (issue 24 §3), one full round across the roles: a buyer asks, the broker routes it to the seller,
// the seller answers with a file, the broker releases it to every buyer; a second buyer past the NDA reads it in the
// FAQ (file included) without the asker's name, and the asker sees their answer. What each role's panel shows and
// offers in every state is in packages/ui/test/questions-panel.spec.tsx; the server's rules in documents' jest.

const card = (page: Page, text: string) => page.getByRole('article', { name: text });

/** The e-mail notice to `to` whose subject or text matches, once it is in the stack's mailbox (issue 24 §2). */
async function noticeTo(to: string, match: RegExp): Promise<Mail & { headers?: Record<string, string> }> {
  let found: Mail | undefined;
  await expect.poll(() => (found = mailTo(to).find((m) => match.test(`${m.subject}\n${m.text}`))), { timeout: 30_000, message: `a notice ${match} to ${to}` }).toBeTruthy();
  return found!;
}

test('one Q&A round: buyer asks, broker routes, seller answers with a file, broker releases to all; another buyer reads the FAQ', async ({ page, request }) => {
  test.setTimeout(180_000);
  const seller = await clientAtStep(request, 'SELLER', 1, 'Quinn Questions'); // a fresh seller on a listing of their own, selected
  // two buyers on it past their NDA (the broker completes Messages and the NDA step for them)
  const asker = await interestedBuyer(request, seller.listing.id, 'Asha Asks', 3);
  const reader = await interestedBuyer(request, seller.listing.id, 'Bo Reads', 3);
  const question = `Is the lease assignable to a new owner? ${Date.now().toString(36)}`;

  // 1. the buyer asks about one due-diligence document
  await signInAs(page, asker.email, PASSWORD, '/buyer/questions');
  await expect(page.getByRole('heading', { level: 1, name: 'Questions' })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('About').selectOption('Lease Agreements');
  await page.getByRole('textbox', { name: /Your question/ }).fill(question);
  await page.getByRole('button', { name: 'Ask question' }).click();
  await expect(page.getByText('Question sent')).toBeVisible();
  await expect(card(page, question).getByTestId('question-state')).toHaveText('Open');

  // 2. the broker sees who asked and routes it to the seller
  await signInAs(page, DEMO.BROKER.email, DEMO_PASSWORD, `/broker/listings/${seller.listing.id}/questions`);
  await expect(card(page, question)).toContainText('Asked by Asha Asks', { timeout: 20_000 });
  await card(page, question).getByRole('button', { name: /^Route to seller/ }).click();
  await expect(card(page, question).getByTestId('question-state')).toHaveText('With seller');

  // 3. the seller answers it, with a file (the documents upload path), never seeing who asked
  await signInAs(page, seller.email, PASSWORD, '/seller/questions');
  const waiting = page.getByRole('region', { name: 'Waiting for your answer' });
  await expect(card(page, question)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('main')).not.toContainText('Asha');
  await card(page, question).getByRole('textbox', { name: /Answer/ }).fill('Yes: the landlord consents to an assignment in writing.');
  await card(page, question).getByLabel('Attach files').setInputFiles({ name: 'Landlord consent.pdf', mimeType: 'application/pdf', buffer: await realPdf('Consent') });
  await card(page, question).getByRole('button', { name: 'Send answer' }).click();
  await expect(page.getByText('Answer saved')).toBeVisible({ timeout: 20_000 });
  await expect(waiting).toContainText('Nothing is waiting for your answer.');
  // the routing reached the seller as an e-mail (outbox → identity → queue → mailbox) naming neither asker nor question
  const toSeller = await noticeTo(seller.email, /waiting for your answer/);
  expect(toSeller.text).toContain('/seller/questions');
  expect(`${toSeller.subject}${toSeller.text}${toSeller.html}`).not.toMatch(/Asha|assignable/);

  // 4. the broker releases it to every buyer of the listing
  await signInAs(page, DEMO.BROKER.email, DEMO_PASSWORD, `/broker/listings/${seller.listing.id}/questions`);
  await expect(card(page, question).getByTestId('question-state')).toHaveText('Answered', { timeout: 20_000 });
  await card(page, question).getByRole('button', { name: /^Release to all buyers/ }).click();
  await expect(card(page, question).getByTestId('question-state')).toHaveText('Released');

  // 5. another buyer past the NDA reads it in the FAQ, with the file, and nowhere the asker's name
  await signInAs(page, reader.email, PASSWORD, '/buyer/questions');
  const faq = page.getByRole('region', { name: 'FAQ' });
  await expect(faq.getByRole('article', { name: question })).toContainText('the landlord consents', { timeout: 20_000 });
  await expect(page.getByRole('main')).not.toContainText('Asha');
  await expect(page.getByRole('region', { name: 'Your questions' })).toContainText('You have not asked anything yet.');
  const saving = page.waitForEvent('download');
  await faq.getByRole('button', { name: 'Download Landlord consent.pdf' }).click();
  expect((await saving).suggestedFilename()).toBe('Landlord consent.pdf');
  // …and was told by e-mail; its one-click unsubscribe (no sign-in) turns that kind Off on the reader's Settings
  const toReader = await noticeTo(reader.email, /new answer was added/);
  const token = decodeURIComponent(/token=([^>&\s"]+)/.exec(toReader.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '');
  const unsubscribed = await request.post('/api/auth/unsubscribe', { data: { token } });
  expect(unsubscribed.status()).toBe(200);
  expect(await unsubscribed.json()).toMatchObject({ kind: 'due-diligence' });
  await page.goto('/buyer/settings');
  await expect(page.getByRole('radiogroup', { name: 'Due-diligence requests and answers' }).getByRole('radio', { name: 'Off' })).toBeChecked({ timeout: 20_000 });

  // 6. the asker sees their answer under their own questions
  await signInAs(page, asker.email, PASSWORD, '/buyer/questions');
  const mine = page.getByRole('region', { name: 'Your questions' }).getByRole('article', { name: question });
  await expect(mine.getByTestId('question-state')).toHaveText('Released', { timeout: 20_000 });
  await expect(mine).toContainText('the landlord consents');
});
