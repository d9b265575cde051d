import { queryOptions } from '@tanstack/react-query';
import { apiFetch, browserTimeZone } from '@brokerage/api-client';

export { browserTimeZone };
import { apiPath } from '@brokerage/contracts/api/path';
import type { NotificationSettings, UpdateNotificationSettings } from '@brokerage/contracts/notifications';
import { settingsKeys } from '../components/query-keys.js';

/** GET /auth/notification-settings: the caller's time zone and, per kind their role has, its delivery. */
export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.notifications(),
    queryFn: () => apiFetch<NotificationSettings>(apiPath('GET', '/auth/notification-settings')),
  });

/** PUT /auth/notification-settings: the time zone and/or some kinds' deliveries; answers the whole settings. */
export const saveNotificationSettings = (body: UpdateNotificationSettings) =>
  apiFetch<NotificationSettings>(apiPath('PUT', '/auth/notification-settings'), { method: 'PUT', json: body });

/** Every time zone the runtime knows, with `extra` (the saved one, the browser's) where it lacks them; sorted. */
export function timeZoneOptions(...extra: Array<string | null | undefined>): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const all = new Set<string>();
  try {
    for (const tz of intl.supportedValuesOf?.('timeZone') ?? []) all.add(tz);
  } catch {
    // an old runtime: the saved and the browser's zones only
  }
  for (const tz of extra) if (tz) all.add(tz);
  return [...all].sort((a, b) => a.localeCompare(b));
}
