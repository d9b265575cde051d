import { jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configureApiClient, useSession } from '@brokerage/api-client';
import type { ViewerPageText } from '@brokerage/contracts/viewer';
import { DocumentViewer, type ViewerArea } from '../src/components/document-viewer';

const DOC = '00000000-0000-4000-8000-0000000000d1';
type Reply = { status: number; json?: unknown; blob?: Blob };
let calls: string[] = [];
let refuse: (url: string) => Reply | null = () => null;
/** The label of each blob served, so an <img> src says which page and size it shows. */
const labels = new WeakMap<Blob, string>();

beforeEach(() => {
  configureApiClient({ baseUrl: '/api', onUnauthorized: () => undefined });
  useSession.getState().setSession({ user: { id: 'u-4', email: 'buyer@example.com', name: 'Blake Buyer', role: 'BUYER' }, sessionToken: 't', token: 't' });
  calls = [];
  refuse = () => null;
  globalThis.fetch = (async (url: string) => {
    calls.push(url);
    const r: Reply = refuse(url) ?? answer(url);
    return {
      ok: r.status < 400,
      status: r.status,
      headers: { get: (h: string) => (h.toLowerCase() === 'content-type' ? (r.blob ? 'image/png' : 'application/json') : null) },
      text: async () => (r.json === undefined ? '' : JSON.stringify(r.json)),
      blob: async () => r.blob!,
    } as unknown as Response;
  }) as typeof fetch;
  Object.assign(URL, { createObjectURL: (b: Blob) => `blob:${labels.get(b)}`, revokeObjectURL: () => undefined });
});

function answer(url: string): Reply {
  const u = new URL(url, 'http://portal.test');
  if (u.pathname.endsWith('/pages')) return { status: 200, json: { documentId: DOC, fileName: 'Roastery CIM.pdf', pageCount: 3 } };
  const t = /\/pages\/(\d+)\/text$/.exec(u.pathname);
  if (t) return { status: 200, json: pageText(Number(t[1])) };
  const m = /\/pages\/(\d+)$/.exec(u.pathname);
  if (!m) return { status: 404, json: { message: 'Not found' } };
  const blob = new Blob([`png ${m[1]}`], { type: 'image/png' });
  labels.set(blob, `${m[1]}-${u.searchParams.get('size')}`);
  return { status: 200, blob };
}

/** A page's text layer as the server gives it: its title line and the stamp's footer line. */
const pageText = (n: number): ViewerPageText => ({
  page: n,
  lines: [
    { words: [{ text: 'Roastery', x: 0.1, y: 0.1, width: 0.2, height: 0.02 }, { text: 'page', x: 0.32, y: 0.1, width: 0.1, height: 0.02 }, { text: String(n), x: 0.44, y: 0.1, width: 0.02, height: 0.02 }] },
    { words: [{ text: 'Blake', x: 0.2, y: 0.97, width: 0.04, height: 0.01 }, { text: 'Buyer', x: 0.25, y: 0.97, width: 0.04, height: 0.01 }, { text: '<buyer@example.com>', x: 0.3, y: 0.97, width: 0.15, height: 0.01 }] },
  ],
});

function show(area: ViewerArea = 'buyer', onClose?: () => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DocumentViewer area={area} documentId={DOC} fileName="cim.pdf" onClose={onClose} />
    </QueryClientProvider>,
  );
}

const pageImage = () => screen.findByRole('img', { name: /^Page \d+ of 3$/ });
const shown = async (n: number, size = 'page') => {
  const img = await screen.findByRole('img', { name: `Page ${n} of 3` });
  await waitFor(() => expect(img).toHaveAttribute('src', `blob:${n}-${size}`));
};
/** The sheet the page image and its text layer share (zoom sets its width). */
const sheet = async () => (await pageImage()).parentElement!;
/** The sheet as it is now (no wait). */
const currentSheet = () => screen.getByRole('img', { name: /^Page \d+ of 3$/ }).parentElement!;
const thumbs = () => within(screen.getByRole('navigation', { name: 'Pages' })).getAllByRole('button');

describe('DocumentViewer', () => {
  test('asks the page count of the caller\'s area, shows page 1 as the server\'s image, a thumbnail per page', async () => {
    show('broker');
    await shown(1);
    expect(screen.getByRole('heading', { name: 'Roastery CIM.pdf' })).toBeInTheDocument();
    expect(calls[0]).toBe(`/api/broker/documents/${DOC}/pages`);
    expect(calls).toContain(`/api/broker/documents/${DOC}/pages/1?size=page`);
    expect(thumbs().map((b) => b.getAttribute('aria-label'))).toEqual(['Page 1', 'Page 2', 'Page 3']);
    expect(thumbs()[0]).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(within(thumbs()[2]!).getByRole('presentation', { hidden: true })).toHaveAttribute('src', 'blob:3-thumbnail'));
    expect(screen.getByText('Page 1 of 3')).toHaveAttribute('aria-live', 'polite');
    // never the file itself: only page routes were asked
    expect(calls.every((c) => /\/pages(\/\d+(\?size=(page|thumbnail|large)|\/text))?$/.test(c))).toBe(true);
  });

  test('Next / Previous turn pages and stop at the ends; a thumbnail or the page field goes to that page', async () => {
    const user = userEvent.setup();
    show();
    await shown(1);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await shown(2);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await shown(3);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await shown(2);
    await user.click(thumbs()[0]!);
    await shown(1);
    expect(thumbs()[0]).toHaveAttribute('aria-current', 'page');
    const field = screen.getByRole('textbox', { name: 'Page number' });
    await user.clear(field);
    await user.type(field, '3{Enter}');
    await shown(3);
    await user.clear(field);
    await user.type(field, '42{Enter}'); // past the end: the last page
    expect(field).toHaveValue('3');
  });

  test('keys: →/PageDown next, ←/PageUp previous, End last, Home first, + and − zoom', async () => {
    const user = userEvent.setup();
    show();
    await shown(1);
    screen.getByRole('region', { name: /arrow keys/ }).focus();
    const keys = [['{ArrowRight}', 2], ['{PageDown}', 3], ['{PageUp}', 2], ['{ArrowLeft}', 1], ['{End}', 3], ['{Home}', 1]] as const;
    for (const [key, n] of keys) {
      await user.keyboard(key);
      await shown(n);
    }
    await user.keyboard('+');
    expect(screen.getByRole('status', { name: 'Zoom' })).toHaveTextContent('125%');
    await user.keyboard('--');
    expect(screen.getByRole('status', { name: 'Zoom' })).toHaveTextContent('75%');
  });

  test('zoom widens the page image; past 125 % the large rendering is asked for; Fit width goes back', async () => {
    const user = userEvent.setup();
    show();
    await shown(1);
    expect(await sheet()).toHaveStyle({ width: '100%' });
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByRole('status', { name: 'Zoom' })).toHaveTextContent('150%');
    await shown(1, 'large');
    expect(await sheet()).toHaveStyle({ width: '150%' });
    await user.click(screen.getByRole('button', { name: 'Fit width' }));
    await shown(1);
    expect(await sheet()).toHaveStyle({ width: '100%' });
    for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    expect(screen.getByRole('status', { name: 'Zoom' })).toHaveTextContent('50%');
  });

  test('zooming past 125 % keeps the page shown (its smaller rendering) until the large one comes, not "Loading page…"', async () => {
    const user = userEvent.setup();
    let release = () => undefined as void;
    const large = new Promise<void>((r) => (release = r));
    const answered = globalThis.fetch;
    let askedLarge = false;
    globalThis.fetch = (async (url: string) => {
      if (url.includes('size=large')) {
        askedLarge = true;
        await large;
      }
      return answered(url);
    }) as typeof fetch;
    show();
    await shown(1);
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await waitFor(() => expect(askedLarge).toBe(true));
    expect(screen.queryByText('Loading page…')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Page 1 of 3' })).toHaveAttribute('src', 'blob:1-page');
    expect(await sheet()).toHaveStyle({ width: '150%' });
    release();
    await shown(1, 'large');
  });

  test('the page\'s words lie over its image as a transparent text layer (the stamp\'s name and e-mail among them), each in its box, sized to the page; each page its own', async () => {
    // jsdom lays nothing out: the layer is 800 × 1000 px, a word 6 px wide per letter at any font size
    const layerSize = (px: number) => function (this: HTMLElement) { return this.classList.contains('bb-viewer__text') ? px : 0; };
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(layerSize(800));
    jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(layerSize(1000));
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return { width: (this.textContent ?? '').length * 6, height: 0, x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, toJSON: () => ({}) } as DOMRect;
    });
    try {
      const user = userEvent.setup();
      show('broker');
      await shown(1);
      expect(calls).toContain(`/api/broker/documents/${DOC}/pages/1/text`);
      const layer = await waitFor(() => {
        const el = (currentSheet()).querySelector<HTMLElement>('.bb-viewer__text');
        expect(el).not.toBeNull();
        return el!;
      });
      // copying the layer gives the page's lines; the words are plain text a person can select (no link, no button)
      expect(layer.textContent).toBe('Roastery page 1\nBlake Buyer <buyer@example.com>\n');
      expect(within(layer).queryAllByRole('link')).toHaveLength(0);
      const email = within(layer).getByText('<buyer@example.com>');
      expect(email).toHaveStyle({ left: '30%', top: '97%', fontSize: '10px' }); // 0.01 of the page's 1000 px
      expect(email.style.transform).toBe(`scaleX(${(0.15 * 800) / (19 * 6)})`); // stretched to its box: 0.15 of 800 px
      expect(within(layer).getByText('Roastery')).toHaveStyle({ left: '10%', top: '10%', fontSize: '20px' });

      await user.click(screen.getByRole('button', { name: 'Next page' }));
      await shown(2);
      await waitFor(() => expect((currentSheet()).querySelector('.bb-viewer__text')).toHaveTextContent(/^Roastery page 2/));
      expect(calls).toContain(`/api/broker/documents/${DOC}/pages/2/text`);
    } finally {
      jest.restoreAllMocks();
    }
  });

  test('a page refused meanwhile (access revoked) shows the server\'s message instead of the page', async () => {
    const user = userEvent.setup();
    show();
    await shown(1);
    refuse = (url) => (/\/pages\/3\?size=page$/.test(url) ? { status: 403, json: { message: 'Your access to this document has been revoked' } } : null);
    await user.click(thumbs()[2]!); // page 2 was fetched ahead while page 1 was read; page 3 is asked now
    expect(await screen.findByRole('alert')).toHaveTextContent('Your access to this document has been revoked');
    expect(screen.queryByRole('img', { name: /^Page/ })).not.toBeInTheDocument();
  });

  test('a document that cannot be opened shows the server\'s message; Pages hides the thumbnails; Close calls back', async () => {
    const user = userEvent.setup();
    const closed: string[] = [];
    refuse = (url) => (url.endsWith('/pages') ? { status: 409, json: { message: 'Complete previous steps to unlock' } } : null);
    const { unmount } = show('buyer', () => closed.push('x'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Complete previous steps to unlock');
    expect(calls.some((c) => /\/pages\/\d/.test(c))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(closed).toEqual(['x']);
    unmount();
    refuse = () => null;
    show();
    await shown(1);
    await user.click(screen.getByRole('button', { name: 'Pages' }));
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pages' })).toHaveAttribute('aria-pressed', 'false');
  });
});
