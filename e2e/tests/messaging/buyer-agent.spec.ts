import { test, expect, type Page } from '@playwright/test';
import { DEMO_IDS } from '@brokerage/contracts/demo-roster';
import { signIn } from '../../support/session';
import { apiLogin, brokerSession, uniqueEmail } from '../../support/public';
import { brokerCreatesListing, expectNoHorizontalOverflow, expectNoSeriousViolations, sidebarStep, signInAs } from '../../support/portal';

// Messaging on the real stack (issue 9): a buyer writes to the agent of their listing with two attachments, the
// agent reads it (New badge gone), downloads a file and replies; the buyer's step 2 (Messages) turns completed.

const PASSWORD = 'e2e-pass-2026';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A fresh buyer the broker creates, a party of a new listing of the demo seller (agent: the seller's manager, Avery Agent). */
async function buyerOnAgentsListing(request: Parameters<typeof apiLogin>[0]) {
  const email = uniqueEmail('buyer');
  // a name of its own: the agent picks the reply's recipient by name
  const name = `Robin Writer ${email.split('@')[0].slice(-8).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!).replace(/-/g, '')}`;
  const broker = await brokerSession(request);
  const res = await request.post('/api/admin/users', { data: { email, password: PASSWORD, name, role: 'BUYER' }, headers: broker.headers });
  expect(res.status(), await res.text()).toBe(201);
  const buyer = { id: (await res.json()).user.id as string, email, name };
  const listing = await brokerCreatesListing(request, { sellerId: DEMO_IDS.seller, buyerIds: [buyer.id], tag: 'Messaging' });
  const session = await apiLogin(request, email, PASSWORD);
  const select = await request.post('/api/buyer/select-listing', { data: { listingId: listing.id }, headers: session.headers });
  expect(select.status(), await select.text()).toBe(200);
  return { buyer, listing };
}

function messageItem(page: Page, subject: string) {
  return page.getByRole('tabpanel').getByRole('listitem').filter({ has: page.getByRole('button', { name: new RegExp(`^${subject}`) }) });
}

/** The sidebar's unread badge (0 when absent). */
async function unread(page: Page): Promise<number> {
  const badge = page.getByTestId('unread-count');
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.first().textContent())!.replace(/\D/g, ''));
}

test('a buyer writes to the agent with two attachments; the agent\'s badge rises live, reading it lowers it and the buyer sees it read; download, reply; step 2 turns green', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const { buyer } = await buyerOnAgentsListing(request);
  const subject = `Visit request ${Date.now().toString(36)}`;

  // Agent (phone width) waits on the Messages screen.
  const agentContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const agentPage = await agentContext.newPage();
  await signIn(agentPage, 'AGENT');
  await agentPage.goto('/agent/messages');
  await expect(agentPage.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(agentPage.getByText('Logged in as AGENT')).toBeVisible();
  await expect(agentPage.getByRole('tab', { name: 'Inbox' })).toHaveAttribute('aria-selected', 'true');
  await agentPage.waitForLoadState('networkidle');
  const before = await unread(agentPage);

  // Buyer: step 2 is the current step until a message is sent.
  await signInAs(page, buyer.email, PASSWORD, '/buyer');
  await page.goto('/buyer/messages');
  await expect(page.getByRole('heading', { level: 2, name: 'Messages' })).toBeVisible();
  await expect(page.getByText('Logged in as BUYER')).toBeVisible();
  await expect(sidebarStep(page, 2)).toHaveAttribute('data-state', 'current');
  await expect(page.getByText('No messages in your inbox')).toBeVisible();

  await page.getByRole('button', { name: 'New Message' }).click();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New Message' });
  await form.getByLabel('Recipient').selectOption({ label: 'Avery Agent (AGENT)' });
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('Could I visit the business next Friday?');
  await form.getByLabel('Attachments').setInputFiles([
    { name: 'proof-of-funds.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'photo.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expectNoSeriousViolations(page, '/buyer/messages with the compose form open');
  await form.getByRole('button', { name: 'Send Message' }).click();

  // After the send: form closed, Sent tab shown with the message, step 2 completed.
  await expect(form).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'New Message' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sent' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Sent' })).toBeFocused();
  const sentItem = messageItem(page, subject);
  await expect(sentItem).toContainText('To: Avery Agent');
  await expect(sentItem).not.toContainText('Read ');
  await expect(sidebarStep(page, 2)).toHaveAttribute('data-state', 'completed', { timeout: 15_000 });

  // Agent, without a reload: the message appears with New and the badge rises by one.
  const item = messageItem(agentPage, subject);
  await expect(item).toContainText(`From: ${buyer.name}`, { timeout: 10_000 });
  await expect(item.getByText('New', { exact: true })).toBeVisible();
  await expect.poll(() => unread(agentPage), { timeout: 10_000 }).toBe(before + 1);
  await expectNoHorizontalOverflow(agentPage, '/agent/messages at 375px');
  await expectNoSeriousViolations(agentPage, '/agent/messages at 375px');

  // Opening it: text and files shown, New gone, the badge falls; the buyer's Sent list shows it read, live.
  await item.getByRole('button', { name: new RegExp(`^${subject}`) }).click();
  await expect(item).toContainText('Could I visit the business next Friday?');
  await expect(item.getByText('New', { exact: true })).toBeHidden();
  await expect.poll(() => unread(agentPage), { timeout: 10_000 }).toBe(before);
  await expect(sentItem).toContainText('Read ', { timeout: 10_000 });

  const pdfLink = item.getByRole('link', { name: 'proof-of-funds.pdf' });
  await expect(pdfLink).toHaveAttribute('target', '_blank');
  await expect(item.getByRole('link', { name: 'photo.png' })).toBeVisible();
  const download = await agentPage.request.get((await pdfLink.getAttribute('href'))!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toContain('proof-of-funds.pdf');
  expect(Buffer.compare(await download.body(), PDF)).toBe(0);
  // Read on the server: a reload shows no New badge.
  await agentPage.reload();
  await expect(messageItem(agentPage, subject)).toBeVisible();
  await expect(messageItem(agentPage, subject).getByText('New', { exact: true })).toHaveCount(0);

  // The buyer waits on the Inbox; the agent replies; the reply appears without a reload.
  await page.getByRole('tab', { name: 'Inbox' }).click();
  await expect(page.getByText('No messages in your inbox')).toBeVisible();
  // Reply on the received message: to its sender, "Re: {subject}", the cursor above the quoted original, kept as a draft
  const received = messageItem(agentPage, subject);
  await received.getByRole('button', { name: new RegExp(`^${subject}`) }).click();
  await received.getByRole('button', { name: `Reply: ${subject}` }).click();
  const reply = agentPage.getByRole('form', { name: `Reply: ${subject}` });
  await expect(reply.getByLabel('Recipient')).toHaveValue(buyer.id);
  await expect(reply.getByLabel('Subject')).toHaveValue(`Re: ${subject}`);
  await expect(reply.getByLabel('Message')).toBeFocused();
  await reply.getByLabel('Message').pressSequentially('Friday at 10 works.');
  await expect(reply.getByLabel('Message')).toHaveValue(/^Friday at 10 works\.\n\nOn .+, .+ wrote:\n> Could I visit the business next Friday\?/);
  await expect(reply.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible({ timeout: 10_000 });
  await expectNoHorizontalOverflow(agentPage, '/agent/messages with the compose form open at 375px');
  await expectNoSeriousViolations(agentPage, '/agent/messages with the compose form open at 375px');
  await reply.getByRole('button', { name: 'Send Message' }).click();
  await expect(reply).toBeHidden({ timeout: 15_000 });
  await expect(messageItem(agentPage, `Re: ${subject}`)).toContainText(`To: ${buyer.name}`);
  await agentContext.close();

  const answer = messageItem(page, `Re: ${subject}`);
  await expect(answer).toContainText('From: Avery Agent', { timeout: 10_000 });
  await expect(answer.getByText('New', { exact: true })).toBeVisible();
  await expect.poll(() => unread(page)).toBe(1);
  await expect(sidebarStep(page, 2)).toHaveAttribute('data-state', 'completed');
});

test('the buyer cannot open another user\'s attachment; delete keeps the other side\'s copy', async ({ page, request }) => {
  const { buyer } = await buyerOnAgentsListing(request);
  const session = await apiLogin(request, buyer.email, PASSWORD);
  const contacts = (await (await request.get('/api/users', { headers: session.headers })).json()).users as Array<{ id: string; name: string }>;
  const agent = contacts.find((c) => c.name === 'Avery Agent')!;
  const sent = await request.post('/api/messages/send', {
    headers: session.headers,
    multipart: { receiverId: agent.id, subject: 'With file', content: 'See attached', attachments: { name: 'a.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const msg = (await sent.json()).data;
  const other = await apiLogin(request, 'seller@example.com', 'demo-pass-2026');
  expect((await request.get(`${msg.attachments[0].fileUrl}`, { headers: other.headers })).status()).toBe(404);
  expect((await request.delete(`/api/messages/${msg.id}`, { headers: other.headers })).status()).toBe(404);

  // The buyer deletes it in the browser: gone from Sent; the agent still has it.
  await signInAs(page, buyer.email, PASSWORD, '/buyer');
  await page.goto('/buyer/messages');
  await page.getByRole('tab', { name: 'Sent' }).click();
  await page.getByRole('button', { name: 'Delete message: With file' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to delete this message? This action cannot be undone.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No sent messages')).toBeVisible();
  const agentSession = await apiLogin(request, 'agent@example.com', 'demo-pass-2026');
  const inbox = (await (await request.get('/api/messages/inbox', { headers: agentSession.headers })).json()).messages as Array<{ id: string }>;
  expect(inbox.map((m) => m.id)).toContain(msg.id);
});

test('GET /api/events streams a message.new to the receiver\'s page, with the stream id as the event id', async ({ page, request }) => {
  const { buyer } = await buyerOnAgentsListing(request);
  await signInAs(page, buyer.email, PASSWORD, '/buyer');
  await page.goto('/buyer/messages');
  await expect(page.getByText('No messages in your inbox')).toBeVisible();
  await page.evaluate(() => {
    const w = window as unknown as { seen: Array<{ id: string; data: string }>; streamOpen: boolean };
    w.seen = [];
    w.streamOpen = false;
    const es = new EventSource('/api/events');
    es.onopen = () => (w.streamOpen = true);
    es.onmessage = (m) => w.seen.push({ id: m.lastEventId, data: m.data });
  });
  // the stream is open (the gateway answered it) before the message is sent
  await expect.poll(() => page.evaluate(() => (window as unknown as { streamOpen: boolean }).streamOpen)).toBe(true);
  const agent = await apiLogin(request, 'agent@example.com', 'demo-pass-2026');
  const sent = await request.post('/api/messages/send', { headers: agent.headers, multipart: { receiverId: buyer.id, subject: 'Live', content: 'Hello' } });
  expect(sent.status(), await sent.text()).toBe(201);
  const messageId = (await sent.json()).data.id as string;
  await expect.poll(() => page.evaluate(() => (window as unknown as { seen: Array<{ data: string }> }).seen.map((s) => JSON.parse(s.data).messageId))).toContain(messageId);
  const [event] = await page.evaluate(() => (window as unknown as { seen: Array<{ id: string; data: string }> }).seen);
  expect(event.id).toMatch(/^\d+-\d+$/);
  expect(JSON.parse(event.data)).toMatchObject({ type: 'message.new', senderName: 'Avery Agent' });
  // The screen's own stream: the inbox and the badge follow without a reload.
  await expect(messageItem(page, 'Live')).toContainText('From: Avery Agent', { timeout: 10_000 });
  await expect.poll(() => unread(page)).toBe(1);
  const second = await request.post('/api/messages/send', { headers: agent.headers, multipart: { receiverId: buyer.id, subject: 'Again', content: 'Hi' } });
  expect(second.status()).toBe(201);
  await expect(messageItem(page, 'Again')).toContainText('From: Avery Agent', { timeout: 10_000 });
  await expect.poll(() => unread(page)).toBe(2);
});
