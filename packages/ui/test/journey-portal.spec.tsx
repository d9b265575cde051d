import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { ReactNode } from 'react';
import { configureApiClient, useSession } from '@brokerage/api-client';
import { SELLER_STEPS as SELLER_TITLES } from '@brokerage/contracts/journeys';
import { defineJourney, type JourneyProgress } from '../src/components/journey';
import { JourneyPortal } from '../src/components/journey-portal';
import { StepFrame } from '../src/components/steps';
import { jest } from '@jest/globals';
import { FIRM } from '@brokerage/contracts/firm';
import { JourneyStatTiles, SelectedListingCard, StepOneCard, useListingChooser } from '../src/components/portal-home';
import { StatCard } from '../src/components/data-widgets';
import { Toaster } from '../src/components/toast';
import { stubFetch, type StubCall, type StubRoute } from './fetch-stub';

const SELLER = defineJourney({ home: '/seller', steps: SELLER_TITLES, nextRequiresCompleted: [2], noNav: [0, 1] });

const progress = (currentStep: number, completedUpTo: number): JourneyProgress => ({
  currentStep,
  completed: SELLER.map((s) => s.id < completedUpTo),
  totalSteps: 11,
});

function frame(stepId: number, p: JourneyProgress) {
  return render(
    <MemoryRouter>
      <StepFrame steps={SELLER} stepId={stepId} progress={p}>
        <p>content</p>
      </StepFrame>
    </MemoryRouter>,
  );
}

describe('StepFrame navigation (spec part 2 §2 per-screen targets)', () => {
  test('listing agreement: Previous to messages; Next to the questionnaire only once the step is completed', () => {
    const { unmount } = frame(2, progress(2, 2));
    expect(screen.getByRole('link', { name: '← Previous' })).toHaveAttribute('href', '/seller/messages');
    expect(screen.getByRole('button', { name: 'Next →' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Next →' })).not.toBeInTheDocument();
    unmount();

    frame(2, progress(3, 3));
    expect(screen.getByText('Finished')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Next →' })).toHaveAttribute('href', '/seller/questionnaire');
  });

  test('a current step whose Next does not wait for completion links on at once', () => {
    frame(3, progress(3, 3));
    expect(screen.getByText('In Progress')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Previous' })).toHaveAttribute('href', '/seller/listing-agreement');
    expect(screen.getByRole('link', { name: 'Next →' })).toHaveAttribute('href', '/seller/financials');
  });

  test('a locked step: Preview Mode, Next disabled, Previous still available', () => {
    frame(6, progress(3, 3));
    expect(screen.getByText('Not Available')).toBeInTheDocument();
    expect(screen.getByText('Step Not Yet Available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next →' })).toBeDisabled();
    expect(screen.getByRole('link', { name: '← Previous' })).toHaveAttribute('href', '/seller/buyer-activity');
  });

  test('the last step returns to the dashboard; messages has no Previous/Next', () => {
    const { unmount } = frame(10, progress(10, 10));
    expect(screen.getByText('Step 11 of 11')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/seller');
    expect(screen.getByRole('link', { name: '← Previous' })).toHaveAttribute('href', '/seller/closing-docs');
    unmount();

    frame(1, progress(1, 1));
    expect(screen.queryByRole('navigation', { name: 'Step navigation' })).not.toBeInTheDocument();
  });

  test('an accessible step that is neither completed nor current is Not Available but not in Preview Mode', () => {
    frame(2, progress(4, 2));
    expect(screen.getByText('Not Available')).toBeInTheDocument();
    expect(screen.queryByText('Step Not Yet Available')).not.toBeInTheDocument();
  });

  test("a step marked finishedOncePast (the seller's Messages) reads Finished once the journey is beyond it, completed or not", () => {
    const past = { ...progress(4, 0), completed: SELLER.map(() => false) };
    const { unmount } = render(
      <MemoryRouter>
        <StepFrame steps={SELLER} stepId={1} progress={past} finishedOncePast>
          <p>content</p>
        </StepFrame>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('step-status')).toHaveTextContent('Finished');
    unmount();
    frame(1, past); // without the flag the badge follows the completed flag alone
    expect(screen.getByTestId('step-status')).toHaveTextContent('Not Available');
  });

  test('finishedLabel names a finished step in the word its screen uses (seller due diligence: Completed)', () => {
    render(
      <MemoryRouter>
        <StepFrame steps={SELLER} stepId={7} progress={progress(8, 8)} finishedLabel="Completed">
          <p>content</p>
        </StepFrame>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('step-status')).toHaveTextContent(/^Completed$/);
  });
});

let calls: StubCall[] = [];
const stubApi = (route: StubRoute) => { calls = stubFetch(route); };

function withData(ui: ReactNode, path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

const PROGRESS_BODY = {
  currentStep: 1,
  steps: SELLER.map((s) => ({ id: s.id, title: s.name, completed: s.id === 0, completedAt: null, completedBy: null })),
  selectedListingId: 'l-1',
  totalSteps: 11,
  completedSteps: 1,
};

describe('JourneyPortal', () => {
  beforeEach(() => {
    configureApiClient({ baseUrl: '/api', onUnauthorized: () => undefined });
    useSession.getState().setSession({
      user: { id: 'u-3', email: 'seller@example.com', name: 'Sam Seller', role: 'SELLER' },
      sessionToken: 'tok-3',
      token: 'tok-3',
    });
  });

  function portal(path: string) {
    // Mounted as the shell mounts the remote: under /seller/*.
    return withData(
      <Routes>
        <Route
          path="/seller/*"
          element={<JourneyPortal area="seller" areaLabel="Seller Portal" defaultName="Seller" steps={SELLER} screens={{ 0: <p>home screen</p> }} />}
        />
      </Routes>,
      path,
    );
  }

  test('a step without its screen yet: placeholder inside the real frame, sidebar colours from GET /seller/progress', async () => {
    stubApi((_m, url) => (url === '/api/seller/progress' ? { status: 200, body: PROGRESS_BODY } : { status: 404, body: { message: 'Not found' } }));
    portal('/seller/listing-agreement');
    const nav = screen.getByRole('navigation', { name: 'Seller Portal navigation' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Step 1: Home (completed)' })).toHaveTextContent('✓'));
    expect(within(nav).getByRole('link', { name: 'Step 2: Messages (current step)' })).toHaveAttribute('data-state', 'current');
    expect(within(nav).getByRole('link', { name: 'Step 3: Listing Agreement (locked)' })).toHaveAttribute('aria-current', 'page');
    const main = screen.getByRole('main');
    expect(within(main).getByText('Step 3 of 11')).toBeInTheDocument();
    expect(within(main).getByText('Step Not Yet Available')).toBeInTheDocument();
    expect(within(main).getByText("This step's screen is coming soon")).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/seller/progress')).toHaveLength(1);
  });

  test('the home route shows the area home screen; an unknown path the area not-found page', async () => {
    stubApi(() => ({ status: 200, body: PROGRESS_BODY }));
    const { unmount } = portal('/seller');
    expect(screen.getByText('home screen')).toBeInTheDocument();
    unmount();
    portal('/seller/nowhere');
    expect(screen.getByTestId('not-found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your dashboard' })).toHaveAttribute('href', '/seller');
  });

  test('while the progress loads a step shows no Preview Mode, then the real state', async () => {
    let answer: (v: { status: number; body?: unknown }) => void = () => undefined;
    stubApi(() => new Promise((r) => (answer = r)));
    portal('/seller/messages');
    expect(within(screen.getByRole('main')).getByText('Loading your progress...')).toBeInTheDocument();
    expect(screen.queryByText('Step Not Yet Available')).not.toBeInTheDocument();
    answer({ status: 200, body: PROGRESS_BODY });
    expect(await screen.findByTestId('step-status')).toHaveTextContent('In Progress');
    expect(screen.queryByText('Step Not Yet Available')).not.toBeInTheDocument();
  });

  test('a screen beyond the steps (extraScreens): its own route and a link under the steps', async () => {
    stubApi(() => ({ status: 200, body: PROGRESS_BODY }));
    withData(
      <Routes>
        <Route
          path="/seller/*"
          element={
            <JourneyPortal
              area="seller"
              areaLabel="Seller Portal"
              defaultName="Seller"
              steps={SELLER}
              screens={{ 0: <p>home screen</p> }}
              extraScreens={[{ path: '/seller/questions', label: 'Questions', element: <p>questions screen</p> }]}
            />
          }
        />
      </Routes>,
      '/seller/questions',
    );
    expect(within(screen.getByRole('main')).getByText('questions screen')).toBeInTheDocument();
    const link = within(screen.getByRole('navigation', { name: 'Seller Portal navigation' })).getByRole('link', { name: 'Questions' });
    expect(link).toHaveAttribute('href', '/seller/questions');
    expect(link).toHaveAttribute('aria-current', 'page');
  });

  test('without progress from the server (501 while not built) only step 1 is open', async () => {
    stubApi(() => ({ status: 501, body: { message: 'This feature is not available yet.' } }));
    portal('/seller/messages');
    expect(await within(screen.getByRole('main')).findByText('Step Not Yet Available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Step 1: Home (current step)' })).toBeInTheDocument();
  });
});

function Chooser({ needs }: { needs: boolean }) {
  const c = useListingChooser('buyer', needs, [
    { id: 'l-1', title: 'Sacramento Bakery', description: 'Busy corner bakery', price: 350000, status: 'ACTIVE' },
    { id: 'l-2', title: 'Fresno Auto Repair', description: 'Six bays', price: 1250000.5, status: 'under_contract' },
  ]);
  return (
    <>
      {c.onChange && (
        <button type="button" onClick={c.onChange}>
          Change Selection
        </button>
      )}
      {c.picker}
    </>
  );
}

describe('listing picker', () => {
  beforeEach(() => configureApiClient({ baseUrl: '/api', onUnauthorized: () => undefined }));

  test('each listing with title, description, price in USD and status; Select reads "Selecting..." while busy, then the toast', async () => {
    let answer: (v: { status: number; body?: unknown }) => void = () => undefined;
    stubApi((method) => (method === 'POST' ? new Promise((r) => (answer = r)) : { status: 200, body: {} }));
    withData(<Chooser needs />, '/buyer');
    const picker = screen.getByTestId('listing-picker');
    expect(within(picker).getByRole('heading', { name: 'Select a Listing to Work On' })).toBeInTheDocument();
    expect(picker).toHaveTextContent('Busy corner bakery');
    expect(picker).toHaveTextContent('$350,000.00');
    expect(picker).toHaveTextContent('$1,250,000.50');
    expect(picker).toHaveTextContent(/under contract/i);

    await userEvent.click(screen.getByRole('button', { name: 'Select Fresno Auto Repair' }));
    expect(await screen.findByRole('button', { name: 'Selecting Fresno Auto Repair' })).toHaveTextContent('Selecting...');
    expect(screen.getByRole('button', { name: 'Select Sacramento Bakery' })).toBeDisabled();
    expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', url: '/api/buyer/select-listing', body: { listingId: 'l-2' } });

    answer({ status: 200, body: { message: 'Listing selected successfully', listing: {} } });
    expect(await screen.findByText('Listing selected successfully')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select Fresno Auto Repair' })).toHaveTextContent('Select');
  });

  test('a failed selection toasts "Failed to select listing"', async () => {
    stubApi(() => ({ status: 404, body: { message: 'Listing not found' } }));
    withData(<Chooser needs />, '/buyer');
    await userEvent.click(screen.getByRole('button', { name: 'Select Sacramento Bakery' }));
    expect(await screen.findByText('Failed to select listing')).toBeInTheDocument();
  });

  test('no selection needed: the picker opens with Change Selection and closes after a successful Select', async () => {
    stubApi(() => ({ status: 200, body: { message: 'ok', listing: {} } }));
    withData(<Chooser needs={false} />, '/buyer');
    expect(screen.queryByTestId('listing-picker')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change Selection' }));
    expect(screen.queryByRole('button', { name: 'Change Selection' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Select Sacramento Bakery' }));
    await waitFor(() => expect(screen.queryByTestId('listing-picker')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Change Selection' })).toBeInTheDocument();
  });
});

describe('JourneyStatTiles', () => {
  test('Current Step is shown 1-based of the total (11 when the server gives none); a dash while stats are missing', () => {
    const { unmount } = render(
      <JourneyStatTiles stats={{ currentStep: 3, totalSteps: 0, completedSteps: 3 }}>
        <StatCard label="Total Buyers" value={4} />
      </JourneyStatTiles>,
    );
    const tiles = within(screen.getByRole('list', { name: 'Your figures' })).getAllByRole('listitem');
    expect(tiles.map((t) => t.textContent)).toEqual(['Current Step4of 11 steps', 'Completed Steps3of 11', 'Total Buyers4']);
    unmount();
    render(<JourneyStatTiles><StatCard label="Total Buyers" value="—" /></JourneyStatTiles>);
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('Current Step—of 11 steps');
  });
});

describe('home cards', () => {
  test('Step One: a call link with the firm phone and Send Message to the area messages', () => {
    render(
      <MemoryRouter>
        <StepOneCard messagesPath="/buyer/messages">
          <p>Contact your broker</p>
        </StepOneCard>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: `Call the broker at ${FIRM.phone}` })).toHaveAttribute('href', FIRM.phoneHref);
    expect(screen.getByRole('link', { name: 'Send Message' })).toHaveAttribute('href', '/buyer/messages');
  });

  test('the selected listing with Change Selection; none: "No Listing Selected" and the spec text', async () => {
    const onChange = jest.fn();
    const { unmount } = render(
      <SelectedListingCard
        title="Currently Interested In"
        listing={{ id: 'l-1', title: 'Sacramento Bakery', price: 350000, status: 'ACTIVE' }}
        meta={<p>Seller: Sam Seller</p>}
        onChange={onChange}
      />,
    );
    const card = screen.getByRole('region', { name: 'Currently Interested In' });
    expect(card).toHaveTextContent('Sacramento Bakery');
    expect(card).toHaveTextContent('$350,000.00');
    expect(card).toHaveTextContent('Seller: Sam Seller');
    await userEvent.click(within(card).getByRole('button', { name: 'Change Selection' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    unmount();

    render(<SelectedListingCard title="Active Listing" listing={null} />);
    const empty = screen.getByRole('region', { name: 'Active Listing' });
    expect(within(empty).getByRole('heading', { name: 'No Listing Selected' })).toBeInTheDocument();
    expect(empty).toHaveTextContent('No listing selected. Please contact your broker or agent.');
    expect(within(empty).queryByRole('button')).not.toBeInTheDocument();
  });
});
