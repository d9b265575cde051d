import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS_BY_ROLE, defaultDelivery } from '@brokerage/contracts/notifications';
import StaffApp from '../src/App';
import { renderAt, signedIn, stubApi } from '../../packages/ui/test/remote-harness';

// The Settings screen of the broker and agent areas (issue 24 §2): the sidebar's last link, the route mounting NotificationSettings.
const settings = (role: 'BROKER' | 'AGENT') => ({
  timeZone: 'America/Los_Angeles',
  timeZoneFromBrowser: true,
  preferences: NOTIFICATION_KINDS_BY_ROLE[role].map((kind) => ({ kind, label: NOTIFICATION_KIND_LABELS[kind], delivery: defaultDelivery(role, kind) })),
});

test.each([['BROKER', 'broker', 'Broker Portal'], ['AGENT', 'agent', 'Agent Portal']] as const)(
  '%s: the sidebar links to Settings, which shows one row per staff kind and the digest time zone',
  async (role, area, label) => {
    signedIn(role);
    stubApi({
      'GET /api/messages/unread-count': { status: 200, body: { count: 0 } },
      [`GET /api/${area}/needs-attention`]: { status: 200, body: { items: [], total: 0, unread: 0 } },
      'GET /api/auth/notification-settings': { status: 200, body: settings(role) },
    });
    renderAt(<StaffApp />, `/${area}`, `/${area}/*`);
    const nav = screen.getByRole('navigation', { name: `${label} navigation` });
    await userEvent.click(within(nav).getByRole('link', { name: 'Settings' }));
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    const groups = await within(main).findAllByRole('radiogroup');
    expect(groups).toHaveLength(6);
    expect(within(main).getByRole('radiogroup', { name: 'NDAs signed' })).toBeInTheDocument();
    expect(within(main).getByText('Daily digest at 7:00 AM America/Los_Angeles')).toBeInTheDocument();
  },
);
