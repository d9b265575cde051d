import { test, expect } from '@playwright/test';
import { brokersInbox, byLabel, callbackButton, expectAlertShown, gotoPublic, recordDialogs, uniqueEmail } from '../../support/public';

// Spec part 1 §2 Contact, §4 callback form states, §5 contact and callback validation, §8 messages.
const CONTACT_REQUIRED = 'Please fill in all required fields.';
const CONTACT_SUCCESS = 'Thank you for your message! We will get back to you soon.';
const CALLBACK_SUCCESS = 'Thank you! Your message has been sent. We will contact you soon.';

test('contact form "Still Have Questions": required check, success clears the form, the brokers receive it', async ({ page, request }) => {
  await gotoPublic(page, '/contact');
  const form = page.getByRole('form', { name: 'Still Have Questions' });
  const submit = form.getByRole('button', { name: /send/i });

  await submit.click();
  await expect(form.getByText(CONTACT_REQUIRED, { exact: true })).toBeVisible();

  const email = uniqueEmail('contact');
  const values: Record<string, string> = {
    'First Name': 'Casey', 'Last Name': 'Contact', Email: email, Phone: '(916) 555-0111',
    Subject: `Valuation question ${Date.now()}`, Message: 'What is a fair multiple for a Sacramento cafe?',
  };
  // Each field is required: five filled out of six still fails.
  for (const [label, value] of Object.entries(values)) if (label !== 'Message') await byLabel(form, label).fill(value);
  await submit.click();
  await expect(form.getByText(CONTACT_REQUIRED, { exact: true }), 'message still missing').toBeVisible();

  // A malformed e-mail while a field is still empty: the required-fields message, not the e-mail's.
  await byLabel(form, 'Email').fill('casey-at-example');
  await submit.click();
  await expect(form.getByText(CONTACT_REQUIRED, { exact: true }), 'message missing, e-mail malformed').toBeVisible();
  await expect(form.getByText('Please enter a valid email address', { exact: true })).toHaveCount(0);
  await byLabel(form, 'Email').fill(email);

  await byLabel(form, 'Message').fill(values.Message);
  await submit.click();
  await expect(form.getByText(CONTACT_SUCCESS, { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(form.getByText(CONTACT_REQUIRED, { exact: true })).toHaveCount(0);
  for (const label of Object.keys(values)) await expect(byLabel(form, label), `${label} cleared`).toHaveValue('');

  // A failure without a server message: the catalogue's fallback, and the form keeps what was typed.
  await page.route('**/api/auth/contact-message', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  for (const [label, value] of Object.entries(values)) await byLabel(form, label).fill(value === email ? uniqueEmail('contact-fail') : value);
  await submit.click();
  await expect(form.getByText('Failed to send message', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(form.getByText(CONTACT_SUCCESS, { exact: true })).toHaveCount(0);
  await expect(byLabel(form, 'Subject')).toHaveValue(values.Subject);
  await expect(byLabel(form, 'Message')).toHaveValue(values.Message);

  const inbox = await brokersInbox(request);
  const stored = inbox.contactMessages.find((m) => m.email === email);
  expect(stored, 'the contact message reached the brokers').toBeTruthy();
  expect(stored).toMatchObject({
    firstName: 'Casey', lastName: 'Contact', phone: values.Phone, subject: values.Subject, message: values.Message,
  });
});

test('callback modal: opens from the floating button, sends, alerts success, closes and clears; the brokers receive it', async ({ page, request }) => {
  const alerts = recordDialogs(page);
  await gotoPublic(page, '/blog');
  await callbackButton(page).click();
  const modal = page.getByRole('dialog', { name: 'Request a Call Back' });
  await expect(modal).toBeVisible();
  for (const label of ['First Name', 'Last Name', 'Email', 'Message']) await expect(byLabel(modal, label)).toBeVisible();
  await expect(byLabel(modal, 'Email')).toHaveAttribute('type', 'email');
  const send = modal.getByRole('button', { name: 'SEND US A MESSAGE', exact: true });
  await expect(send).toBeEnabled();

  // Required fields: an empty form is not sent and the modal stays open.
  let posted = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/callback-request') && r.method() === 'POST') posted += 1;
  });
  await send.click();
  // the form's own check answered (its message shows): nothing was sent, the modal stays
  await expect(modal.getByText('First name is required').first()).toBeVisible();
  await expect(modal).toBeVisible();
  expect(posted, 'an empty callback form must not be sent').toBe(0);

  const email = uniqueEmail('callback');
  await byLabel(modal, 'First Name').fill('Robin');
  await byLabel(modal, 'Last Name').fill('Callback');
  // The e-mail must be an e-mail address.
  await byLabel(modal, 'Email').fill('robin-at-example');
  await send.click();
  await expect(modal.getByText('Please enter a valid email address').first()).toBeVisible();
  await expect(modal).toBeVisible();
  expect(posted, 'a callback form with an invalid e-mail must not be sent').toBe(0);
  await byLabel(modal, 'Email').fill(email);
  await byLabel(modal, 'Message').fill('Please call me after 3 pm about selling my bakery.');
  await send.click();
  await expectAlertShown(page, alerts, CALLBACK_SUCCESS);
  await expect(modal, 'the modal closes after success').toBeHidden();
  expect(posted).toBe(1);
  // the outcome is the site's own alert dialog (not window.alert): its OK has the focus and gives it back to the button
  expect(alerts, 'no native alert').toEqual([]);
  const notice = page.getByRole('alertdialog', { name: 'Request a Call Back' });
  await expect(notice).toHaveAccessibleDescription(CALLBACK_SUCCESS);
  await expect(notice.getByRole('button', { name: 'OK' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(notice).toBeHidden();
  await expect(callbackButton(page)).toBeFocused();

  await callbackButton(page).click();
  await expect(modal).toBeVisible();
  for (const label of ['First Name', 'Last Name', 'Email', 'Message']) {
    await expect(byLabel(modal, label), `${label} cleared after success`).toHaveValue('');
  }
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  const inbox = await brokersInbox(request);
  expect(inbox.callbackRequests.find((c) => c.email === email), 'the callback request reached the brokers').toMatchObject({
    firstName: 'Robin', lastName: 'Callback', message: 'Please call me after 3 pm about selling my bakery.',
  });
});

// The modal's failure state (Sending..., the error alert, the values kept) is a component test:
// mfe-public/test/callback.spec.tsx.
