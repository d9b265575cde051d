import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS_BY_ROLE, defaultDelivery } from '@brokerage/contracts/notifications';
import App from '../src/App';
import { progressBody, renderAt, signedIn, stubApi } from '../../packages/ui/test/remote-harness';

// The Settings screen of the buyer area (issue 24 §2): a sidebar link under the steps, the route mounting NotificationSettings.
const ROLE = 'BUYER' as const;
const SETTINGS = {
  timeZone: 'Europe/Paris',
  timeZoneFromBrowser: true,
  preferences: NOTIFICATION_KINDS_BY_ROLE[ROLE].map((kind) => ({ kind, label: NOTIFICATION_KIND_LABELS[kind], delivery: defaultDelivery(ROLE, kind) })),
};

beforeEach(() => signedIn(ROLE));

test('the sidebar links to Settings, which shows one row per buyer kind and the digest time zone', async () => {
  stubApi({
    'GET /api/buyer/progress': { status: 200, body: progressBody('buyer', 1) },
    'GET /api/messages/unread-count': { status: 200, body: { count: 0 } },
    'GET /api/auth/notification-settings': { status: 200, body: SETTINGS },
  });
  renderAt(<App />, '/buyer', '/buyer/*');
  const nav = screen.getByRole('navigation', { name: 'Buyer Portal navigation' });
  await userEvent.click(within(nav).getByRole('link', { name: 'Settings' }));
  const main = screen.getByRole('main');
  expect(await within(main).findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
  expect(await within(main).findAllByRole('radiogroup')).toHaveLength(NOTIFICATION_KINDS_BY_ROLE[ROLE].length);
  expect(within(main).getByText('Daily digest at 7:00 AM Europe/Paris')).toBeInTheDocument();
  expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
});
