import type { ComponentType } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS_BY_ROLE, defaultDelivery, type NotificationSettings } from '@brokerage/contracts/notifications';
import { renderAt, signedIn, stubApi } from './remote-harness';
import type { StubReply } from './fetch-stub';

type Role = keyof typeof NOTIFICATION_KINDS_BY_ROLE;
type Delivery = NotificationSettings['preferences'][number]['delivery'];

/** GET /auth/notification-settings of a role: its kinds with their defaults (or `delivery` overrides). */
export function notificationSettingsOf(role: Role, o: { timeZone?: string; fromBrowser?: boolean; delivery?: Partial<Record<string, Delivery>> } = {}): NotificationSettings {
  return {
    timeZone: o.timeZone ?? 'America/Los_Angeles',
    timeZoneFromBrowser: o.fromBrowser ?? false,
    preferences: NOTIFICATION_KINDS_BY_ROLE[role].map((kind) => ({ kind, label: NOTIFICATION_KIND_LABELS[kind], delivery: o.delivery?.[kind] ?? defaultDelivery(role, kind) })),
  };
}

/**
 * A remote's Settings route (issue 24 §2), as the remotes' tests check it: signed in as `role`, the area's home at
 * `/<area>`, its sidebar's "Settings" link opens the screen with one row per kind of the role and the digest's zone.
 */
export async function expectSettingsFromSidebar(App: ComponentType, role: Role, frameApi: Record<string, StubReply>) {
  const area = role.toLowerCase();
  signedIn(role);
  stubApi({
    ...frameApi,
    'GET /api/messages/unread-count': { status: 200, body: { count: 0 } },
    'GET /api/auth/notification-settings': { status: 200, body: notificationSettingsOf(role, { timeZone: 'Europe/Paris', fromBrowser: true }) },
  });
  renderAt(<App />, `/${area}`, `/${area}/*`);
  const nav = screen.getByRole('navigation', { name: `${area.charAt(0).toUpperCase()}${area.slice(1)} Portal navigation` });
  await userEvent.click(within(nav).getByRole('link', { name: 'Settings' }));
  const main = screen.getByRole('main');
  expect(await within(main).findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
  const rows = await within(main).findAllByRole('radiogroup');
  expect(rows.map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent))
    .toEqual(NOTIFICATION_KINDS_BY_ROLE[role].map((k) => NOTIFICATION_KIND_LABELS[k]));
  expect(within(main).getByText('Daily digest at 7:00 AM Europe/Paris')).toBeInTheDocument();
  expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
}
