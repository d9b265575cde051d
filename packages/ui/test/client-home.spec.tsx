import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { configureApiClient, useSession } from '@brokerage/api-client';
import { SELLER_STEPS as SELLER_TITLES } from '@brokerage/contracts/journeys';
import { FIRM } from '@brokerage/contracts/firm';
import { defineJourney } from '../src/components/journey';
import { JourneyProvider } from '../src/components/journey-context';
import { ClientHome, HOME_TEXT, type ClientHomeProps, type PickerListing } from '../src/components/portal-home';
import { StatCard } from '../src/components/data-widgets';
import { stubFetch } from './fetch-stub';

// The seller's and buyer's home: the first run (no listing yet, no step done) and the normal home (issue 19 §3).

const STEPS = defineJourney({ home: '/seller', steps: SELLER_TITLES, nextRequiresCompleted: [2], noNav: [0, 1] });
const FIRST_STEPS = ['Your broker registers your business.', 'You choose it here.', 'You sign the listing agreement.'];
const BAKERY: PickerListing = { id: 'l-1', title: 'Sacramento Bakery', description: 'Busy corner bakery', price: 350000, status: 'ACTIVE' };
const BROKER = { id: 'u-b', name: 'Morgan Broker', email: 'broker@example.com', role: 'BROKER' as const };
const AGENT = { id: 'u-a', name: 'Avery Agent', email: 'agent@example.com', role: 'AGENT' as const };

function progressBody(completedUpTo: number) {
  return {
    currentStep: completedUpTo,
    steps: STEPS.map((s) => ({ id: s.id, title: s.name, completed: s.id < completedUpTo })),
    selectedListingId: completedUpTo ? 'l-1' : null,
    totalSteps: 11,
    completedSteps: completedUpTo,
  };
}

function stub({ completed = 0, users = [BROKER] as unknown[] | null }: { completed?: number; users?: unknown[] | null } = {}) {
  return stubFetch((_m, url) => {
    if (url.endsWith('/progress')) return { status: 200, body: progressBody(completed) };
    if (url === '/api/users') return users ? { status: 200, body: { users } } : { status: 500, body: { message: 'Something went wrong' } };
    return { status: 404, body: { message: 'Not found' } };
  });
}

/** A signed-in seller of this name (the welcome line reads it from the session). */
function signedIn(name: string) {
  configureApiClient({ baseUrl: '/api', onUnauthorized: () => undefined });
  useSession.getState().setSession({ user: { id: 'u-3', email: 'seller@example.com', name, role: 'SELLER' }, sessionToken: 'tok-3', token: 'tok-3' });
}

async function home(props: Partial<ClientHomeProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const area = props.area ?? 'seller';
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/${area}`]}>
        <JourneyProvider area={area} steps={STEPS}>
          <ClientHome
            area={area}
            defaultName="Seller"
            intro="Here is where the sale of your business stands."
            stepOne={<p>Call your broker.</p>}
            listingTitle="Active Listing"
            listing={null}
            needsSelection
            choices={[]}
            stats={{ currentStep: 0, totalSteps: 11, completedSteps: 0 }}
            figure={<StatCard label="Total Buyers" value={0} />}
            loading={false}
            statsFailed={false}
            failed={false}
            firstSteps={FIRST_STEPS}
            {...props}
          >
            <p>area list</p>
          </ClientHome>
        </JourneyProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // the journey's progress has arrived (the first run depends on it)
  await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument());
}

describe('ClientHome first run (no listing yet, no step done)', () => {
  beforeEach(() => signedIn('Riley Newseller'));

  test('a seller with nothing to choose: welcome (not "back"), what happens next, the broker by name, one action; the no-listing text once and no zero tiles', async () => {
    stub();
    await home();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome, Riley Newseller');
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
    const card = screen.getByRole('region', { name: HOME_TEXT.firstRunTitle });
    expect(screen.getAllByText(HOME_TEXT.noListing)).toHaveLength(1);
    expect(card).toHaveTextContent(HOME_TEXT.noListing);
    const next = within(card).getByRole('heading', { name: HOME_TEXT.whatNext }).nextElementSibling as HTMLElement;
    expect(within(next).getAllByRole('listitem').map((li) => li.textContent)).toEqual(FIRST_STEPS);
    // the broker from GET /users, and the one action: message them
    const contact = await within(card).findByTestId('first-run-contact');
    await waitFor(() => expect(contact).toHaveTextContent('Morgan Broker'));
    expect(within(contact).getByRole('heading', { name: HOME_TEXT.yourBroker })).toBeInTheDocument();
    expect(within(contact).getByRole('link', { name: `Call ${FIRM.phone}` })).toHaveAttribute('href', FIRM.phoneHref);
    const actions = within(card).getAllByRole('link', { name: /^Message / });
    expect(actions).toHaveLength(1);
    expect(actions[0]).toHaveAccessibleName('Message Morgan Broker');
    expect(actions[0]).toHaveAttribute('href', '/seller/messages');
    expect(actions[0]).toHaveClass('bb-btn--primary');
    // none of the empty cards and zero figures of the normal home
    expect(screen.queryByRole('list', { name: 'Your figures' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('selected-listing')).not.toBeInTheDocument();
    expect(screen.queryByTestId('listing-picker')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Step One: Contact Your Broker' })).not.toBeInTheDocument();
    expect(screen.getByText('area list')).toBeInTheDocument();
  });

  test('their agent comes before the broker', async () => {
    stub({ users: [BROKER, AGENT] });
    await home();
    const contact = await screen.findByTestId('first-run-contact');
    await waitFor(() => expect(contact).toHaveTextContent('Avery Agent'));
    expect(within(contact).getByRole('heading', { name: HOME_TEXT.yourAgent })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Message Avery Agent' })).toHaveAttribute('href', '/seller/messages');
  });

  test('GET /users failed: the firm name, phone and e-mail, and Send Message', async () => {
    stub({ users: null });
    await home();
    const contact = await screen.findByTestId('first-run-contact');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Send Message' })).toHaveAttribute('href', '/seller/messages'));
    expect(within(contact).getByRole('heading', { name: HOME_TEXT.firmContact })).toBeInTheDocument();
    expect(contact).toHaveTextContent(FIRM.name);
    expect(within(contact).getByRole('link', { name: FIRM.email })).toHaveAttribute('href', `mailto:${FIRM.email}`);
  });

  test('a buyer with listings to choose: "Choose your listing" moves the focus to the picker; the no-listing text is not shown', async () => {
    stub({ users: [] });
    await home({ area: 'buyer', choices: [BAKERY], listingTitle: 'Currently Interested In' });
    const card = screen.getByRole('region', { name: HOME_TEXT.firstRunTitle });
    expect(card).toHaveTextContent(HOME_TEXT.chooseBelow);
    expect(screen.queryByText(HOME_TEXT.noListing)).not.toBeInTheDocument();
    const picker = screen.getByTestId('listing-picker');
    Element.prototype.scrollIntoView = () => undefined;
    await userEvent.click(within(card).getByRole('button', { name: HOME_TEXT.chooseListing }));
    expect(within(picker).getByRole('button', { name: 'Select Sacramento Bakery' })).toHaveFocus();
    // no broker known yet: the brokerage itself
    expect(await within(card).findByText(FIRM.name)).toBeInTheDocument();
  });
});

describe('ClientHome once the journey has started', () => {
  beforeEach(() => signedIn('Sam Seller'));

  test('a selected listing: "Welcome back", Step One, the listing, progress and the figures (spec part 2 §2)', async () => {
    stub({ completed: 1 });
    await home({ listing: BAKERY, needsSelection: false, choices: [BAKERY], stats: { currentStep: 1, totalSteps: 11, completedSteps: 1 } });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome back, Sam Seller');
    expect(screen.queryByTestId('first-run')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Step One: Contact Your Broker' })).toBeInTheDocument();
    expect(screen.getByTestId('selected-listing')).toHaveTextContent('Sacramento Bakery');
    expect(screen.getByRole('list', { name: 'Your figures' })).toHaveTextContent('Total Buyers');
  });

  test('no listing but steps done (the listing went away): the normal home says "No listing selected…" once', async () => {
    stub({ completed: 2 });
    await home({ stats: { currentStep: 2, totalSteps: 11, completedSteps: 2 } });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome back, Sam Seller');
    expect(screen.getAllByText(HOME_TEXT.noListing)).toHaveLength(1);
    expect(screen.queryByTestId('listing-picker')).not.toBeInTheDocument();
  });
});
