import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { ReactElement } from 'react';
import { configureApiClient, useSession } from '@brokerage/api-client';
import { SELLER_STEPS, BUYER_STEPS } from '@brokerage/contracts/journeys';
import { Toaster } from '../src/components/toast';
import { stubFetch, type StubCall, type StubReply, type StubRoute } from './fetch-stub';

/**
 * The component tests of the remotes (mfe-*\/test) and the shell (shell/test): a remote's root mounted as the shell
 * mounts it (under /<area>/*, with a query client, the toaster and a signed-in session), the API answered by
 * `route` (fetch-stub). Queries are not retried: a failed load shows at once instead of after the back-off.
 */
export const PEOPLE = {
  SELLER: { id: '00000000-0000-4000-8000-000000000003', email: 'seller@example.com', name: 'Sam Seller', role: 'SELLER' },
  BUYER: { id: '00000000-0000-4000-8000-000000000004', email: 'buyer@example.com', name: 'Blake Buyer', role: 'BUYER' },
  AGENT: { id: '00000000-0000-4000-8000-000000000002', email: 'agent@example.com', name: 'Avery Agent', role: 'AGENT' },
  BROKER: { id: '00000000-0000-4000-8000-000000000001', email: 'broker@example.com', name: 'Morgan Broker', role: 'BROKER' },
} as const;

export function signedIn(role: keyof typeof PEOPLE) {
  // A write that got 502/503/504 is tried again (WRITE_ATTEMPTS) at once instead of after seconds.
  configureApiClient({ baseUrl: '/api', onUnauthorized: () => undefined, retryDelayMs: 0 });
  useSession.getState().setSession({ user: { ...PEOPLE[role] }, sessionToken: `tok-${role}`, token: `tok-${role}` });
}

/** Renders `root` at `path`; `mount` is the route the shell gives it ("/seller/*"), none for a plain screen. */
export function renderAt(root: ReactElement, path: string, mount?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        {mount ? (
          <Routes>
            <Route path={mount} element={root} />
          </Routes>
        ) : (
          root
        )}
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

/** GET /<area>/progress of a client at `currentStep` (0-based) with every earlier step completed. */
export function progressBody(area: 'seller' | 'buyer', currentStep: number, selectedListingId: string | null = 'l-1') {
  const titles = area === 'seller' ? SELLER_STEPS : BUYER_STEPS;
  return {
    currentStep,
    steps: titles.map(({ id, title }) => ({ id, title, completed: id < currentStep, completedAt: null, completedBy: null })),
    selectedListingId,
    totalSteps: titles.length,
    completedSteps: currentStep,
  };
}

const FAILED: StubReply = { status: 500, body: { message: 'Something went wrong' } };
/** A reply that never comes: the query stays loading. */
export const NEVER = (): Promise<StubReply> => new Promise(() => undefined);

/**
 * The API from a table of `"METHOD /api/path"` (query string ignored) → reply, 'fail' (500) or 'never' (pending); any
 * other call answers 404 so that a screen reading something the test did not expect shows it.
 */
export function stubApi(table: Record<string, StubReply | 'fail' | 'never' | ((body: unknown, url: string) => StubReply | Promise<StubReply>)>): StubCall[] {
  const route: StubRoute = (method, url, body) => {
    const key = `${method} ${url.split('?')[0]}`;
    const r = table[key] ?? table[`* ${url.split('?')[0]}`];
    if (r === undefined) return { status: 404, body: { message: `no stub for ${key}` } };
    if (r === 'fail') return FAILED;
    if (r === 'never') return NEVER();
    return typeof r === 'function' ? r(body, url) : r;
  };
  return stubFetch(route);
}
