import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Message } from '@brokerage/contracts/messaging';
import { Messages } from '../src/components/messages';
import { FakeXhr, fileOf, installFakeXhr } from './fake-xhr';

const AGENT = { id: 'a-1', name: 'Avery Agent', email: 'agent@example.com', role: 'AGENT' };
const BROKER = { id: 'b-1', name: 'Morgan Broker', email: 'broker@example.com', role: 'BROKER' };

const msg = (over: Partial<Message>): Message => ({
  id: 'm-1', subject: 'Offer', content: 'Here is our offer.', senderId: AGENT.id, senderName: AGENT.name, receiverId: 'me',
  receiverName: 'Blake Buyer', createdAt: new Date(2026, 10, 21, 13, 5).toISOString(), isRead: false, readAt: null,
  attachments: [], source: 'PORTAL', ...over,
});

interface Call { method: string; url: string; form?: FormData }
let calls: Call[] = [];
let inbox: Message[] = [];
let sent: Message[] = [];
/** Messages beyond the first page of the inbox (served for ?cursor=c1). */
let inboxPage2: Message[] = [];
/** The server's drafts of the signed-in user, by form key. */
let drafts = new Map<string, Record<string, unknown>>();
/** Makes a call fail: 'network' (fetch rejects) or an HTTP status. */
let failOn: (method: string, path: string, url: string) => 'network' | 'hang' | number | null = () => null;

function stubApi() {
  calls = [];
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const form = init?.body instanceof FormData ? init.body : undefined;
    calls.push({ method, url, form });
    const path = new URL(url, 'http://x').pathname.replace(/^\/api/, '');
    const cursor = new URL(url, 'http://x').searchParams.get('cursor');
    let status = 200;
    let body: unknown = { message: 'ok' };
    const failure = failOn(method, path, url);
    if (failure === 'hang') return new Promise<Response>(() => undefined);
    if (failure === 'network') throw new TypeError('Failed to fetch');
    if (failure !== null) {
      status = failure;
      body = { message: 'Something went wrong' };
    } else if (method === 'GET' && path === '/messages/inbox') {
      body = cursor ? { messages: inboxPage2, nextCursor: null } : { messages: inbox, nextCursor: inboxPage2.length ? 'c1' : null };
    } else if (path.startsWith('/drafts/')) {
      const key = decodeURIComponent(path.slice('/drafts/'.length));
      const data = method === 'PUT' ? (JSON.parse(String(init?.body)) as { data: Record<string, unknown> }).data : drafts.get(key);
      if (method === 'PUT') drafts.set(key, data!);
      if (method === 'DELETE') drafts.delete(key);
      if (method === 'GET' && !data) { status = 404; body = { message: 'Draft not found' }; }
      else body = method === 'DELETE' ? { message: 'Draft discarded' } : { key, data, updatedAt: new Date().toISOString() };
    } else if (method === 'GET' && path === '/messages/sent') body = { messages: sent, nextCursor: null };
    else if (method === 'GET' && path === '/users') body = { users: [AGENT, BROKER] };
    else if (method === 'PUT' && /^\/messages\/[^/]+\/read$/.test(path)) {
      const id = path.split('/')[2];
      inbox = inbox.map((m) => (m.id === id ? { ...m, isRead: true, readAt: new Date().toISOString() } : m));
    } else if (method === 'DELETE') {
      const id = path.split('/')[2];
      inbox = inbox.filter((m) => m.id !== id);
    } else if (method === 'POST' && path === '/messages/send') {
      const m = msg({ id: 'm-new', subject: String(form!.get('subject')), content: String(form!.get('content')), receiverName: AGENT.name });
      sent = [m, ...sent];
      status = 201;
      body = { message: 'Message sent successfully', data: m };
    } else status = 404;
    const text = JSON.stringify(body);
    return {
      ok: status < 400,
      status,
      headers: { get: (h: string) => (h.toLowerCase() === 'content-type' ? 'application/json' : null) },
      text: async () => text,
    } as unknown as Response;
  }) as typeof fetch;
}

function show(role: 'BUYER' | 'AGENT' | 'BROKER' | 'SELLER' = 'BUYER') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Messages role={role} />
    </QueryClientProvider>,
  );
}

/** Opens New Message and fills it to the agent with this subject and text; answers the form. */
async function compose(subject: string, text: string): Promise<HTMLElement> {
  await userEvent.click(screen.getByRole('button', { name: 'New Message' }));
  const form = await screen.findByRole('form', { name: 'New Message' });
  await waitFor(() => expect(within(form).getByRole('option', { name: 'Avery Agent (AGENT)' })).toBeInTheDocument());
  await userEvent.selectOptions(within(form).getByRole('combobox', { name: /Recipient/ }), AGENT.id);
  await userEvent.type(within(form).getByRole('textbox', { name: /Subject/ }), subject);
  await userEvent.type(within(form).getByRole('textbox', { name: /Message/ }), text);
  return form;
}

// A send goes over XMLHttpRequest (upload progress): unless a test holds it, each is answered by the same stub as
// fetch (a 'network' failure there is a failed request), so the lists follow the send.
installFakeXhr();
let holdXhr = false;
const fakeSend = FakeXhr.prototype.send;
beforeEach(() => {
  holdXhr = false;
  FakeXhr.prototype.send = function send(this: FakeXhr, body: FormData) {
    fakeSend.call(this, body);
    if (holdXhr) return;
    globalThis.fetch(this.url, { method: this.method, body }).then(
      async (r) => this.respond(r.status, await r.text()),
      () => this.fail(),
    );
  };
});
afterEach(() => {
  FakeXhr.prototype.send = fakeSend;
});

beforeEach(() => {
  inbox = [];
  sent = [];
  inboxPage2 = [];
  drafts = new Map();
  failOn = () => null;
  stubApi();
});
afterEach(() => jest.restoreAllMocks());

describe('Messages', () => {
  test('header, "Logged in as {role}", the New Message toggle reading Cancel, the empty texts of both tabs', async () => {
    show('SELLER');
    expect(screen.getByRole('heading', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.getByText('Logged in as SELLER')).toBeInTheDocument();
    expect(await screen.findByText('No messages in your inbox')).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'New Message' });
    await userEvent.click(toggle);
    expect(toggle).toHaveTextContent('Cancel');
    expect(screen.getByRole('form', { name: 'New Message' })).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(screen.queryByRole('form', { name: 'New Message' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Sent' }));
    expect(screen.getByRole('tab', { name: 'Sent' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No sent messages')).toBeInTheDocument();
  });

  test('an unread message shows New; opening it shows content and attachments (new tab) and marks it read', async () => {
    inbox = [msg({ attachments: [{ id: 'f-1', fileName: 'offer.pdf', fileUrl: '/api/messages/m-1/attachments/f-1', fileSize: 2048 }] })];
    show();
    const item = (await screen.findByText('Offer')).closest('li')!;
    expect(within(item).getByText('New')).toBeInTheDocument();
    expect(item).toHaveTextContent('From: Avery Agent');
    expect(item).toHaveTextContent('Nov 21, 2026 1:05 PM');
    expect(screen.queryByText('Here is our offer.')).not.toBeInTheDocument();
    const toggle = within(item).getByRole('button', { name: /^Offer/ });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Here is our offer.')).toBeVisible();
    const link = screen.getByRole('link', { name: 'offer.pdf' });
    expect(link).toHaveAttribute('href', '/api/messages/m-1/attachments/f-1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(item).queryByText('New')).not.toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url.endsWith('/messages/m-1/read'))).toBe(true));
    // Closing and opening again does not mark it twice.
    await userEvent.click(toggle);
    await userEvent.click(toggle);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  test('a read message has no New badge and is not marked again; Website messages say so', async () => {
    inbox = [msg({ isRead: true, readAt: new Date().toISOString() }), msg({ id: 'w-1', subject: 'Selling my bakery', source: 'WEBSITE', senderId: null, senderName: 'Dana Reyes', senderEmail: 'dana@example.com' })];
    show('BROKER');
    const read = (await screen.findByText('Offer')).closest('li')!;
    expect(within(read).queryByText('New')).not.toBeInTheDocument();
    await userEvent.click(within(read).getByRole('button', { name: /^Offer/ }));
    const site = screen.getByText('Selling my bakery').closest('li')!;
    expect(within(site).getByText('Website')).toBeInTheDocument();
    await userEvent.click(within(site).getByRole('button', { name: /^Selling my bakery/ }));
    expect(within(site).getByRole('link', { name: 'dana@example.com' })).toHaveAttribute('href', 'mailto:dana@example.com');
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual([expect.stringContaining('/messages/w-1/read')]));
  });

  test('delete asks for confirmation; Cancel keeps the message, confirming removes it', async () => {
    inbox = [msg({})];
    show();
    await screen.findByText('Offer');
    await userEvent.click(screen.getByRole('button', { name: 'Delete message: Offer' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this message? This action cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Delete message: Offer' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/messages/m-1'))).toBe(true));
    expect(await screen.findByText('No messages in your inbox')).toBeInTheDocument();
  });

  test('compose: recipient, subject and message are required; a send with two attachments closes the form and shows Sent', async () => {
    show();
    await userEvent.click(screen.getByRole('button', { name: 'New Message' }));
    const form = screen.getByRole('form', { name: 'New Message' });
    const recipient = within(form).getByRole('combobox', { name: /Recipient/ });
    await waitFor(() => expect(within(recipient).getByRole('option', { name: 'Avery Agent (AGENT)' })).toBeInTheDocument());
    await userEvent.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(form).toHaveTextContent('Recipient is required');
    expect(form).toHaveTextContent('Subject is required');
    expect(form).toHaveTextContent('Message is required');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.selectOptions(recipient, AGENT.id);
    await userEvent.type(within(form).getByRole('textbox', { name: /Subject/ }), 'Visit');
    await userEvent.type(within(form).getByRole('textbox', { name: /Message/ }), 'Can I visit on Friday?');
    const pdf = new File(['%PDF-1.4'], 'id.pdf', { type: 'application/pdf' });
    const png = new File(['png'], 'photo.png', { type: 'image/png' });
    await userEvent.upload(within(form).getByLabelText(/Attachments/), [pdf, png]);
    await userEvent.click(within(form).getByRole('button', { name: 'Send Message' }));

    await waitFor(() => expect(screen.queryByRole('form', { name: 'New Message' })).not.toBeInTheDocument());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toMatch(/\/messages\/send$/);
    expect(post.form!.get('receiverId')).toBe(AGENT.id);
    expect(post.form!.get('subject')).toBe('Visit');
    expect(post.form!.get('content')).toBe('Can I visit on Friday?');
    expect((post.form!.getAll('attachments') as File[]).map((f) => f.name)).toEqual(['id.pdf', 'photo.png']);
    // the text fields go first: messaging checks the receiver from them before it reads a byte of any file
    expect([...post.form!.keys()]).toEqual(['receiverId', 'subject', 'content', 'attachments', 'attachments']);
    expect(screen.getByRole('button', { name: 'New Message' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sent' })).toHaveAttribute('aria-selected', 'true');
    const item = (await screen.findByText('Visit')).closest('li')!;
    expect(item).toHaveTextContent('To: Avery Agent');
    expect(item).not.toHaveTextContent('Read');
  });

  test('a sent message the receiver opened shows when it was read', async () => {
    sent = [msg({ id: 's-1', subject: 'Seen', isRead: true, readAt: new Date(2026, 10, 22, 9, 30).toISOString() })];
    show();
    await userEvent.click(screen.getByRole('tab', { name: 'Sent' }));
    expect((await screen.findByText('Seen')).closest('li')).toHaveTextContent('Read Nov 22, 2026 9:30 AM');
  });

  test('a file type the server refuses is caught before sending', async () => {
    show();
    const form = await compose('x', 'y');
    const input = within(form).getByLabelText(/Attachments/) as HTMLInputElement;
    await userEvent.upload(input, new File(['MZ'], 'setup.exe'), { applyAccept: false });
    // refused on choosing, before any Send
    expect(form).toHaveTextContent('setup.exe: file type not allowed');
    expect(within(form).queryByRole('list', { name: 'Chosen files' })).toBeNull();
    await userEvent.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(form).toHaveTextContent('setup.exe: file type not allowed');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  test('attachments are checked when chosen: a 30 MB file is refused at once, the others kept; names get one truncated line', async () => {
    show();
    const form = await compose('x', 'y');
    const big = new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 30 * 1024 * 1024 });
    const long = `${'due-diligence-binder-'.repeat(10).slice(0, 196)}.pdf`;
    await userEvent.upload(within(form).getByLabelText(/Attachments/), [big, new File(['%PDF'], long, { type: 'application/pdf' })]);
    expect(form).toHaveTextContent('scan.pdf: file is larger than 25 MB');
    const chosen = within(form).getByRole('list', { name: 'Chosen files' });
    expect(within(chosen).queryByText('scan.pdf')).toBeNull();
    expect(within(chosen).getByText(long)).toHaveAttribute('title', long);
    expect(within(chosen).getByText(long)).toHaveClass('bb-filename');
  });

  test('drafts: what is written is kept on the server (Draft saved), restored on opening again, and cleared once sent', async () => {
    drafts.set('message:new', { receiverId: AGENT.id, subject: 'Kept subject', content: 'Half written' });
    const view = show();
    await userEvent.click(screen.getByRole('button', { name: 'New Message' }));
    const form = await screen.findByRole('form', { name: 'New Message' });
    expect(within(form).getByRole('textbox', { name: /Subject/ })).toHaveValue('Kept subject');
    expect(within(form).getByRole('textbox', { name: /Message/ })).toHaveValue('Half written');
    const status = within(form).getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Draft restored');
    expect(form).toHaveTextContent('Attachments are not kept with the draft: choose them again before sending.');

    await userEvent.type(within(form).getByRole('textbox', { name: /Message/ }), ' and more');
    await waitFor(() => expect(within(form).getByRole('status')).toHaveTextContent('Draft saved'), { timeout: 4000 });
    expect(drafts.get('message:new')).toEqual({ receiverId: AGENT.id, subject: 'Kept subject', content: 'Half written and more' });
    expect(calls.filter((c) => c.method === 'PUT' && c.url.includes('/drafts/')).length).toBe(1); // once, after the pause

    // leaving and coming back (a reload reads the same server draft)
    view.unmount();
    show();
    await userEvent.click(screen.getByRole('button', { name: 'New Message' }));
    const again = await screen.findByRole('form', { name: 'New Message' });
    expect(within(again).getByRole('textbox', { name: /Message/ })).toHaveValue('Half written and more');
    await waitFor(() => expect(within(again).getByRole('option', { name: 'Avery Agent (AGENT)' })).toBeInTheDocument());
    await userEvent.click(within(again).getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(drafts.has('message:new')).toBe(false));
    expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/drafts/message%3Anew'))).toBe(true);
    expect(sent[0]?.content).toBe('Half written and more');
  });

  test('Discard draft throws the draft away and closes the form', async () => {
    drafts.set('message:new', { subject: 'Old idea', content: 'never mind' });
    show();
    await userEvent.click(screen.getByRole('button', { name: 'New Message' }));
    const form = await screen.findByRole('form', { name: 'New Message' });
    await userEvent.click(within(form).getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(drafts.has('message:new')).toBe(false));
    expect(screen.queryByRole('form', { name: 'New Message' })).toBeNull();
  });

  test('Reply on a received message: to its sender, "Re: {subject}", the cursor above the quoted original; its own draft', async () => {
    inbox = [msg({ id: 'm-9', subject: 'Offer', content: 'Here is our offer.\nCall me.' })];
    show();
    await userEvent.click(await screen.findByRole('button', { name: /^Offer/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reply: Offer' }));
    const form = await screen.findByRole('form', { name: 'Reply: Offer' });
    await waitFor(() => expect(within(form).getByRole('combobox', { name: /Recipient/ })).toHaveValue(AGENT.id));
    expect(within(form).getByRole('textbox', { name: /Subject/ })).toHaveValue('Re: Offer');
    const body = within(form).getByRole('textbox', { name: /Message/ }) as HTMLTextAreaElement;
    expect(body.value).toBe('\n\nOn Nov 21, 2026 1:05 PM, Avery Agent wrote:\n> Here is our offer.\n> Call me.');
    expect(document.activeElement).toBe(body);
    expect(body.selectionStart).toBe(0);
    await userEvent.type(body, 'Thanks');
    await waitFor(() => expect(drafts.get('message:reply:m-9')).toMatchObject({ subject: 'Re: Offer' }), { timeout: 4000 });
    expect(drafts.has('message:new')).toBe(false);
    await userEvent.click(within(form).getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(sent[0]?.subject).toBe('Re: Offer'));
    expect(calls.find((c) => c.method === 'POST')!.form!.get('receiverId')).toBe(AGENT.id);
  });

  test('no Reply on a website item, on a sent message, or to someone the caller may not write to', async () => {
    inbox = [
      msg({ id: 'w-1', subject: 'Call back request', source: 'WEBSITE', senderId: null as unknown as string, senderName: 'Visitor' }),
      msg({ id: 'x-1', subject: 'From a stranger', senderId: 'stranger', senderName: 'Former Buyer' }),
    ];
    sent = [msg({ id: 's-1', subject: 'Mine' })];
    show('BROKER');
    await userEvent.click(await screen.findByRole('button', { name: /^Call back request/ }));
    await userEvent.click(screen.getByRole('button', { name: /^From a stranger/ }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/api/users'))).toBe(true));
    expect(screen.getAllByText('Here is our offer.')).toHaveLength(2); // both open
    expect(screen.queryByRole('button', { name: /^Reply/ })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Sent' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Mine/ }));
    expect(screen.queryByRole('button', { name: /^Reply/ })).toBeNull();
  });

  test('"Load more" fetches the next page with the cursor and disappears at the end', async () => {
    inbox = [msg({ id: 'm-1', subject: 'First page' })];
    inboxPage2 = [msg({ id: 'm-2', subject: 'Second page' })];
    show();
    await screen.findByText('First page');
    expect(screen.queryByText('Second page')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Second page')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/messages/inbox?cursor=c1'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  test('tabs are reachable with the arrow keys', async () => {
    show();
    const inboxTab = screen.getByRole('tab', { name: 'Inbox' });
    inboxTab.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Sent' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Sent' })).toHaveAttribute('aria-selected', 'true');
  });

  test('after a send the Sent tab has the focus (the Send button it was on is gone)', async () => {
    show();
    const form = await compose('Hello', 'Hi there');
    await userEvent.click(within(form).getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New Message' })).not.toBeInTheDocument());
    expect(screen.getByRole('tab', { name: 'Sent' })).toHaveFocus();
  });

  test('a send that never reaches the server says so and keeps the form', async () => {
    failOn = (method, path) => (method === 'POST' && path === '/messages/send' ? 'network' : null);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    show();
    const form = await compose('Hello', 'Hi there');
    await userEvent.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(screen.getByRole('form', { name: 'New Message' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Inbox' })).toHaveAttribute('aria-selected', 'true');
  });

  test('when marking read fails the message shows New again and opening it again retries', async () => {
    failOn = (method) => (method === 'PUT' ? 500 : null);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    inbox = [msg({})];
    show();
    const item = (await screen.findByText('Offer')).closest('li')!;
    const toggle = within(item).getByRole('button', { name: /^Offer/ });
    await userEvent.click(toggle);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(await within(item).findByText('New')).toBeInTheDocument();
    failOn = () => null;
    await userEvent.click(toggle);
    await userEvent.click(toggle);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
  });

  test('after a delete the focus goes back to the list\'s tab (the deleted row\'s button is gone)', async () => {
    inbox = [msg({})];
    show();
    await screen.findByText('Offer');
    await userEvent.click(screen.getByRole('button', { name: 'Delete message: Offer' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No messages in your inbox')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Inbox' })).toHaveFocus());
  });

  test('a send with large attachments is given time for them (the gateway\'s slowest accepted rate), not a fixed 2 minutes', async () => {
    show();
    const form = await compose('Scans', 'Attached');
    const big = new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 });
    await userEvent.upload(within(form).getByLabelText(/Attachments/), big);
    await userEvent.click(within(form).getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New Message' })).not.toBeInTheDocument());
    // 20 MB at 16 KiB/s = 1280 s, on top of the 2 minutes
    expect(FakeXhr.sent[0]!.timeout).toBe(120_000 + 1_280_000);
  });

  test('attachments show their upload progress one after another, and Cancel stops the send and keeps the form', async () => {
    holdXhr = true;
    show();
    const form = await compose('Files', 'Two files');
    await userEvent.upload(within(form).getByLabelText(/Attachments/), [fileOf('a.pdf', 'application/pdf', 1000), fileOf('b.png', 'image/png', 1000)]);
    await userEvent.click(within(form).getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.url).toMatch(/\/messages\/send$/);
    expect((xhr.body!.getAll('attachments') as File[]).map((f) => f.name)).toEqual(['a.pdf', 'b.png']);
    // 100 bytes of fields and part headers, then the two files: 1600 of 2100 sent = a.pdf done, b.png half-way
    act(() => xhr.progress(1600, 2100));
    const bar = (name: string) => screen.getByRole('progressbar', { name: `Uploading ${name}` });
    expect(bar('a.pdf')).toHaveAttribute('aria-valuenow', '100');
    expect(bar('b.png')).toHaveAttribute('aria-valuenow', '50');
    await userEvent.click(within(form).getByRole('button', { name: /Cancel/ }));
    expect(xhr.aborted).toBe(true);
    expect(await within(form).findByRole('alert')).toHaveTextContent('Upload canceled');
    expect(within(form).getByRole('textbox', { name: /Subject/ })).toHaveValue('Files');
    expect(screen.queryByRole('progressbar', { name: 'Uploading a.pdf' })).not.toBeInTheDocument();
  });

  test('a "Load more" that fails keeps the messages already shown, says so, and can be tried again', async () => {
    inbox = [msg({ id: 'm-1', subject: 'First page' })];
    inboxPage2 = [msg({ id: 'm-2', subject: 'Second page' })];
    failOn = (_method, _path, url) => (url.includes('cursor=') ? 500 : null);
    show();
    await screen.findByText('First page');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load messages');
    expect(screen.getByText('First page')).toBeInTheDocument();
    failOn = () => null;
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Second page')).toBeInTheDocument();
    expect(screen.getByText('First page')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('after a send the form closes and Sent shows at once, without waiting for the inbox to reload', async () => {
    show();
    const form = await compose('Quick', 'Hello');
    // from now on the inbox and the contacts never answer (a slow or retrying reload)
    failOn = (method, path) => (method === 'GET' && path !== '/messages/sent' ? 'hang' : null);
    await userEvent.click(within(form).getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New Message' })).not.toBeInTheDocument());
    expect(screen.getByRole('tab', { name: 'Sent' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Quick')).toBeInTheDocument();
  });

  test('a send with missing fields moves the focus to the first one to fix', async () => {
    show();
    await userEvent.click(screen.getByRole('button', { name: 'New Message' }));
    const form = screen.getByRole('form', { name: 'New Message' });
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Avery Agent (AGENT)' })).toBeInTheDocument());
    await userEvent.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(within(form).getByRole('combobox', { name: /Recipient/ })).toHaveFocus();
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: /Recipient/ }), AGENT.id);
    await userEvent.type(within(form).getByRole('textbox', { name: /Subject/ }), 'Hi');
    await userEvent.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(within(form).getByRole('textbox', { name: /Message/ })).toHaveFocus();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
