import { jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configureApiClient, useSession } from '@brokerage/api-client';
import { DocumentViewer, type ViewerArea } from '../src/components/document-viewer';

const DOC = '00000000-0000-4000-8000-0000000000d1';
const REPORT = `/api/buyer/documents/${DOC}/engagement`;
type Sent = { url: string; method: string; body: { pages: Array<{ page: number; ms: number }> } | null; keepalive: boolean };
let sent: Sent[] = [];
let hidden = false;
let ticket: string | undefined;

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  configureApiClient({ baseUrl: '/api', onUnauthorized: () => undefined });
  useSession.getState().setSession({ user: { id: 'u-4', email: 'buyer@example.com', name: 'Blake Buyer', role: 'BUYER' }, sessionToken: 't', token: 't' });
  sent = [];
  hidden = false;
  ticket = undefined;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
    sent.push({ url, method: init.method ?? 'GET', body: typeof init.body === 'string' ? JSON.parse(init.body) : null, keepalive: init.keepalive === true });
    const u = new URL(url, 'http://portal.test');
    const json = u.pathname.endsWith('/pages') ? { documentId: DOC, fileName: 'Roastery CIM.pdf', pageCount: 3, ...(ticket ? { ticket } : {}) } : undefined;
    const status = u.pathname.endsWith('/engagement') ? 204 : 200;
    return {
      ok: true,
      status,
      headers: { get: (h: string) => (h.toLowerCase() === 'content-type' ? (json ? 'application/json' : 'image/png') : null) },
      text: async () => (json ? JSON.stringify(json) : ''),
      blob: async () => new Blob(['png'], { type: 'image/png' }),
    } as unknown as Response;
  }) as typeof fetch;
  Object.assign(URL, { createObjectURL: () => 'blob:page', revokeObjectURL: () => undefined });
});
afterEach(() => {
  jest.useRealTimers();
});

function show(area: ViewerArea = 'buyer') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DocumentViewer area={area} documentId={DOC} fileName="cim.pdf" />
    </QueryClientProvider>,
  );
}
const reports = () => sent.filter((s) => s.url === REPORT);
/** Lets the answers in flight settle (fetch stubs resolve on microtasks). */
const settle = async () => {
  for (let i = 0; i < 20; i++) await act(() => jest.advanceTimersByTimeAsync(0));
};
const advance = async (ms: number) => {
  await act(() => jest.advanceTimersByTimeAsync(ms));
  await settle();
};

describe('DocumentViewer page engagement (issue 23 §3)', () => {
  test('a buyer\'s viewer reports the time per visible page, at most once per 10 s, batched', async () => {
    show();
    await settle();
    expect(await screen.findByRole('img', { name: 'Page 1 of 3' })).toBeInTheDocument();
    await advance(4_000);
    expect(reports()).toEqual([]); // nothing before 10 s
    act(() => screen.getByRole('button', { name: 'Next page' }).click());
    await advance(6_000);
    expect(reports()).toHaveLength(1);
    const [first] = reports();
    expect(first!.method).toBe('POST');
    expect(first!.keepalive).toBe(false);
    const byPage = Object.fromEntries(first!.body!.pages.map((p) => [p.page, p.ms]));
    expect(Object.keys(byPage)).toEqual(['1', '2']);
    expect(byPage[1]! + byPage[2]!).toBe(10_000);
    expect(byPage[1]).toBeGreaterThanOrEqual(4_000);

    await advance(9_000);
    expect(reports()).toHaveLength(1);
    await advance(1_000);
    expect(reports()).toHaveLength(2);
    expect(reports()[1]!.body).toEqual({ pages: [{ page: 2, ms: 10_000 }] });
  });

  test('the opening\'s view ticket goes with every report (the server then takes it without asking the rule again)', async () => {
    ticket = 'eyJ0aWNrZXQiOjF9.c2lnbmF0dXJl';
    const view = show();
    await settle();
    await screen.findByRole('img', { name: 'Page 1 of 3' });
    await advance(10_000);
    expect(reports()).toHaveLength(1);
    expect(reports()[0]!.body).toEqual({ pages: [{ page: 1, ms: 10_000 }], ticket });
    await advance(2_000);
    view.unmount();
    expect(reports()).toHaveLength(2);
    expect(reports()[1]).toMatchObject({ keepalive: true, body: { pages: [{ page: 1, ms: 2_000 }], ticket } });
  });

  test('hiding the tab sends what was counted at once with keepalive; hidden time is not counted; closing sends the rest', async () => {
    const view = show();
    await settle();
    await screen.findByRole('img', { name: 'Page 1 of 3' });
    await advance(3_000);
    hidden = true;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await settle();
    expect(reports()).toHaveLength(1);
    expect(reports()[0]!.keepalive).toBe(true);
    expect(reports()[0]!.body!.pages).toEqual([{ page: 1, ms: expect.any(Number) }]);
    const shownMs = reports()[0]!.body!.pages[0]!.ms;
    expect(shownMs).toBeGreaterThanOrEqual(3_000);

    await advance(60_000); // hidden: nothing counted, nothing sent
    expect(reports()).toHaveLength(1);
    hidden = false;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await advance(2_000);
    view.unmount();
    await settle();
    expect(reports()).toHaveLength(2);
    expect(reports()[1]).toMatchObject({ keepalive: true, body: { pages: [{ page: 1, ms: expect.any(Number) }] } });
    expect(reports()[1]!.body!.pages[0]!.ms).toBeLessThan(10_000);
  });

  test('staff and sellers\' viewers report nothing', async () => {
    for (const area of ['broker', 'seller'] as const) {
      const view = show(area);
      await settle();
      await screen.findByRole('img', { name: 'Page 1 of 3' });
      await advance(25_000);
      view.unmount();
      await settle();
    }
    expect(sent.filter((s) => s.url.includes('engagement'))).toEqual([]);
  });
});
