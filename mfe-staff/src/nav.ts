import type { NavItem } from '@brokerage/ui/portal';
import { NOTIFICATION_SETTINGS_TEXT } from '@brokerage/contracts/notification-screens';

export type StaffRole = 'broker' | 'agent';

export interface StaffPage {
  /** Relative path under the area prefix ('' for home). */
  path: string;
  label: string;
  title: string;
}

/** Broker sidebar: Home, Email, Agents, Listings, Sellers, Buyers, Admin Portal (spec part 3 §2 "Broker shell"), Settings (issue 24 §2). */
export const BROKER_PAGES: StaffPage[] = [
  { path: '', label: 'Home', title: 'Broker Dashboard' },
  { path: 'messages', label: 'Email', title: 'Messages' },
  { path: 'agents', label: 'Agents', title: 'Agents Overview' },
  { path: 'listings', label: 'Listings', title: 'Listings Overview' },
  { path: 'sellers', label: 'Sellers', title: 'Sellers Management' },
  { path: 'buyers', label: 'Buyers', title: 'Buyers Management' },
  { path: 'admin', label: 'Admin Portal', title: 'Admin Portal - User Management' },
  { path: 'settings', label: NOTIFICATION_SETTINGS_TEXT.navLabel, title: NOTIFICATION_SETTINGS_TEXT.title },
];

/** Agent sidebar: Home, Email, Listings, Sellers, Buyers (spec part 3 §2 "Agent shell"), Settings (issue 24 §2). */
export const AGENT_PAGES: StaffPage[] = [
  { path: '', label: 'Home', title: 'Agent Dashboard' },
  { path: 'messages', label: 'Email', title: 'Messages' },
  { path: 'listings', label: 'Listings', title: 'My Assigned Listings' },
  { path: 'sellers', label: 'Sellers', title: 'My Assigned Sellers' },
  { path: 'buyers', label: 'Buyers', title: 'My Assigned Buyers' },
  { path: 'settings', label: NOTIFICATION_SETTINGS_TEXT.navLabel, title: NOTIFICATION_SETTINGS_TEXT.title },
];

export function pagesFor(role: StaffRole): StaffPage[] {
  return role === 'agent' ? AGENT_PAGES : BROKER_PAGES;
}

export function navItemsFor(role: StaffRole): NavItem[] {
  return pagesFor(role).map((p) => ({
    to: p.path ? `/${role}/${p.path}` : `/${role}`,
    label: p.label,
    end: p.path === '',
  }));
}
