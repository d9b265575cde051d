import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { useSession } from '@brokerage/api-client';
import { RoleGuard } from '../src/RoleGuard';
import { RemoteArea, REMOTE_UNAVAILABLE } from '../src/RemoteArea';
import { useRestorePhase } from '../src/session-gate';
import { loadRemoteApp, resetRemote } from '../src/remotes';
import { PEOPLE, signedIn } from '../../packages/ui/test/remote-harness';

// The shell's states around an area: the role guard (anonymous, another role, the session check, allowed) and the
// remote's mount (loading, failed with Retry, loaded). The Module Federation runtime is replaced: what a remote that
// is not served looks like in a real browser stays in e2e/tests/04-isolation.spec.ts.
jest.mock('../src/remotes', () => ({ loadRemoteApp: jest.fn(), resetRemote: jest.fn(async () => undefined) }));
const load = loadRemoteApp as jest.MockedFunction<typeof loadRemoteApp>;

function Where() {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname} ${JSON.stringify(l.state ?? null)}`}</p>;
}

function guarded(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/seller/*" element={<RoleGuard allow={['SELLER']}><p>seller area</p></RoleGuard>} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('RoleGuard', () => {
  beforeEach(() => {
    useSession.getState().clear();
    useRestorePhase.getState().set('done');
  });

  test('anonymous: sent to /login carrying the page asked for', () => {
    guarded('/seller/messages?x=1#top');
    expect(screen.getByTestId('where')).toHaveTextContent('/login {"from":"/seller/messages?x=1#top"}');
  });

  test('a signed-in user of another role: sent to their own home', () => {
    signedIn('BUYER');
    guarded('/seller');
    expect(screen.getByTestId('where')).toHaveTextContent('/buyer null');
  });

  test('while the session is checked: "Checking your session...", then the area', () => {
    signedIn('SELLER');
    useRestorePhase.getState().set('checking');
    guarded('/seller');
    expect(screen.getByText('Checking your session...')).toBeInTheDocument();
    expect(screen.queryByText('seller area')).not.toBeInTheDocument();
    act(() => useRestorePhase.getState().set('done'));
    expect(screen.getByText('seller area')).toBeInTheDocument();
    expect(useSession.getState().user?.id).toBe(PEOPLE.SELLER.id);
  });
});

describe('RemoteArea', () => {
  beforeEach(() => {
    load.mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => undefined); // the boundary logs the failed load
  });
  afterEach(() => jest.restoreAllMocks());

  const mount = () =>
    render(
      <MemoryRouter initialEntries={['/buyer']}>
        <RemoteArea name="mfe_buyer" />
      </MemoryRouter>,
    );

  test('loading, then the remote\'s root', async () => {
    let done: (m: { default: ComponentType }) => void = () => undefined;
    load.mockReturnValue(new Promise((r) => (done = r)));
    mount();
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => done({ default: () => <p>buyer remote</p> }));
    expect(await screen.findByText('buyer remote')).toBeInTheDocument();
    expect(document.documentElement.dataset.remoteReady).toBe('mfe_buyer');
  });

  test('a remote that fails to load degrades only its area: the message and Retry, which loads it again', async () => {
    load.mockRejectedValueOnce(new Error('remote entry not served')).mockResolvedValue({ default: () => <p>buyer remote</p> });
    mount();
    expect(await screen.findByRole('heading', { level: 1, name: REMOTE_UNAVAILABLE })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('buyer remote')).toBeInTheDocument();
    expect(resetRemote).toHaveBeenCalledWith('mfe_buyer');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
