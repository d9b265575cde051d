import { jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { configureApiClient, useSession } from '@brokerage/api-client';
import { AreaFrame } from '../src/components/area-frame';

const broker = { id: 'u-1', email: 'broker@example.com', name: 'Morgan Broker', role: 'BROKER' as const };

describe('AreaFrame', () => {
  const onUnauthorized = jest.fn();
  const fetchCalls: Array<{ url: string; method?: string; headers?: Record<string, string> }> = [];

  beforeEach(() => {
    fetchCalls.length = 0;
    onUnauthorized.mockReset();
    configureApiClient({ baseUrl: '/api', onUnauthorized });
    // The logout call's answer (204); what the frame does with the session is under test, not the network.
    globalThis.fetch = (async (url: string, init?: RequestInit) => {
      fetchCalls.push({ url, method: init?.method, headers: init?.headers as Record<string, string> });
      return { ok: true, status: 204, headers: { get: () => null } } as unknown as Response;
    }) as typeof fetch;
    useSession.getState().setSession({ user: broker, sessionToken: 'tok-1', token: 'tok-1' });
  });

  function renderFrame() {
    render(
      <MemoryRouter initialEntries={['/broker']}>
        <AreaFrame areaLabel="Broker Portal" navItems={[{ to: '/broker', label: 'Home', end: true }]} buildTag="abc123">
          <p>Dashboard</p>
        </AreaFrame>
      </MemoryRouter>,
    );
  }

  test('shows the area, its navigation and the signed-in user; the build id only in data-build, never as text', () => {
    renderFrame();
    expect(screen.getByRole('navigation', { name: 'Broker Portal navigation' })).toContainElement(
      screen.getByRole('link', { name: 'Home' }),
    );
    expect(screen.getByTestId('sidebar-user-name')).toHaveTextContent('Morgan Broker');
    expect(screen.getByText('Broker')).toBeInTheDocument();
    const sidebar = screen.getByRole('complementary', { name: 'Broker Portal sidebar' });
    expect(sidebar).toHaveAttribute('data-build', 'abc123');
    expect(sidebar).not.toHaveTextContent(/build/i);
    expect(screen.queryByTestId('build-tag')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Dashboard');
  });

  test('Sign out asks first; Cancel keeps the session', async () => {
    renderFrame();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to logout?');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Are you sure you want to logout?')).not.toBeInTheDocument();
    expect(fetchCalls).toHaveLength(0);
    expect(useSession.getState().sessionToken).toBe('tok-1');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  test('confirming signs out: logout call, session cleared, then /login once', async () => {
    renderFrame();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    const buttons = screen.getAllByRole('button', { name: 'Sign out' });
    await userEvent.click(buttons[buttons.length - 1]); // the dialog's confirm button
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    expect(fetchCalls).toEqual([expect.objectContaining({ url: '/api/auth/logout', method: 'POST' })]);
    expect(fetchCalls[0].headers?.['X-Session-Token'] ?? fetchCalls[0].headers?.['x-session-token']).toBe('tok-1');
    expect(useSession.getState().user).toBeNull();
    expect(useSession.getState().sessionToken).toBeNull();
  });
});
