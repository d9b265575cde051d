import { useEffect, useId, useMemo, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { normalizeRole, serverMessage, useSession } from '@brokerage/api-client';
import {
  DIGEST_LOCAL_HOUR,
  NOTIFICATION_DELIVERIES,
  NOTIFICATION_DELIVERY_LABELS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS_BY_ROLE,
  defaultDelivery,
  type NotificationDelivery,
  type NotificationKind,
  type NotificationSettings as Settings,
  type UpdateNotificationSettings,
} from '@brokerage/contracts/notifications';
import { NOTIFICATION_SETTINGS_TEXT as T, formatLocalHour } from '@brokerage/contracts/notification-screens';
import { Card, Loading, Select, toast } from '@brokerage/ui';
import { LoadError } from '../components/page-kit.js';
import { browserTimeZone, notificationSettingsQuery, saveNotificationSettings, timeZoneOptions } from './notification-settings-api.js';
import './notification-settings.css';

interface Row {
  kind: NotificationKind;
  label: string;
  delivery: NotificationDelivery;
}

/**
 * The rows the screen shows: one per kind the signed-in role has (contracts NOTIFICATION_KINDS_BY_ROLE, in its order),
 * each with the server's delivery (the role's default where the answer lacks the kind). Without a known role, the
 * server's rows as they come.
 */
function rowsFor(role: string | null | undefined, settings: Settings): Row[] {
  const r = normalizeRole(role);
  const saved = new Map(settings.preferences.map((p) => [p.kind, p] as const));
  if (!r) return settings.preferences.map((p) => ({ kind: p.kind, label: p.label, delivery: p.delivery }));
  return NOTIFICATION_KINDS_BY_ROLE[r].map((kind) => ({
    kind,
    label: saved.get(kind)?.label ?? NOTIFICATION_KIND_LABELS[kind],
    delivery: saved.get(kind)?.delivery ?? defaultDelivery(r, kind),
  }));
}

/** `settings` with one kind's delivery changed (the screen shows a choice at once; the server's answer then replaces it). */
function withDelivery(settings: Settings, row: Row, delivery: NotificationDelivery): Settings {
  const has = settings.preferences.some((p) => p.kind === row.kind);
  const preferences = has
    ? settings.preferences.map((p) => (p.kind === row.kind ? { ...p, delivery } : p))
    : [...settings.preferences, { kind: row.kind, label: row.label, delivery }];
  return { ...settings, preferences };
}

const SAVE_KEY = ['settings', 'notifications', 'save'] as const;

/**
 * Every portal's Settings screen (issue 24 §2): per kind of e-mail the role has, "Right away", "Daily digest" or "Off",
 * saved on change with a toast; the digest's hour in the user's time zone, with a Time zone select. On the first load
 * of a time zone that did not come from the browser (the firm's America/Los_Angeles), it sends the browser's once.
 */
export function NotificationSettings() {
  const role = useSession((s) => s.user?.role);
  const q = useQuery(notificationSettingsQuery());
  const client = useQueryClient();
  const key = notificationSettingsQuery().queryKey;

  const save = useMutation({
    mutationKey: SAVE_KEY,
    mutationFn: (v: { body: UpdateNotificationSettings; optimistic?: Settings; done?: string; quiet?: boolean }) => saveNotificationSettings(v.body),
    onMutate: async (v) => {
      // a reload in flight must not land after this change with the state before it
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData(key);
      if (v.optimistic) client.setQueryData(key, v.optimistic);
      return { before };
    },
    onSuccess: (answer, v) => {
      // an earlier answer landing after a later change would show the state before that change: the last one wins
      if (client.isMutating({ mutationKey: SAVE_KEY }) <= 1) client.setQueryData(key, answer);
      if (v.done) toast.success(v.done);
    },
    onError: (err, v, ctx) => {
      if (ctx?.before) client.setQueryData(key, ctx.before);
      if (!v.quiet) toast.error(serverMessage(err) ?? T.saveFailed);
    },
  });

  // The browser's time zone, sent once on the first load that shows the firm's (or any not from the browser).
  const sentBrowserZone = useRef(false);
  const settings = q.data;
  const { mutate } = save;
  useEffect(() => {
    if (!settings || settings.timeZoneFromBrowser || sentBrowserZone.current) return;
    const tz = browserTimeZone();
    if (!tz) return;
    sentBrowserZone.current = true;
    mutate({ body: { timeZone: tz }, optimistic: { ...settings, timeZone: tz, timeZoneFromBrowser: true }, quiet: true });
  }, [settings, mutate]);

  return (
    <div className="bb-stack bb-notify">
      <h1>{T.title}</h1>
      {q.isPending ? (
        <Loading label={T.loading} />
      ) : q.isError ? (
        <LoadError message={serverMessage(q.error) ?? T.loadFailed} onRetry={() => void q.refetch()} />
      ) : (
        <>
          <Card title={T.notificationsTitle}>
            <p className="bb-muted bb-notify__intro">{T.intro}</p>
            <ul className="bb-notify__rows">
              {rowsFor(role, q.data).map((row) => (
                <DeliveryRow
                  key={row.kind}
                  row={row}
                  onChoose={(delivery) =>
                    save.mutate({
                      body: { preferences: { [row.kind]: delivery } },
                      optimistic: withDelivery(q.data, row, delivery),
                      done: T.saved(row.label, NOTIFICATION_DELIVERY_LABELS[delivery]),
                    })
                  }
                />
              ))}
            </ul>
          </Card>
          <TimeZoneCard
            settings={q.data}
            onChoose={(timeZone) =>
              save.mutate({ body: { timeZone }, optimistic: { ...q.data, timeZone, timeZoneFromBrowser: true }, done: T.timeZoneSaved(timeZone) })
            }
          />
        </>
      )}
    </div>
  );
}

/** One kind: its name and the three choices as a segmented radio group named by it. */
function DeliveryRow({ row, onChoose }: { row: Row; onChoose: (d: NotificationDelivery) => void }) {
  const id = useId();
  return (
    <li className="bb-notify__row" data-kind={row.kind}>
      <span id={`${id}-label`} className="bb-notify__kind">
        {row.label}
      </span>
      <div role="radiogroup" aria-labelledby={`${id}-label`} className="bb-segmented">
        {NOTIFICATION_DELIVERIES.map((d) => (
          <label key={d} className="bb-segmented__option">
            <input
              type="radio"
              name={`${id}-delivery`}
              value={d}
              checked={row.delivery === d}
              onChange={() => onChoose(d)}
            />
            <span>{NOTIFICATION_DELIVERY_LABELS[d]}</span>
          </label>
        ))}
      </div>
    </li>
  );
}

/** "Daily digest at 7:00 AM {time zone}" and the Time zone select. */
function TimeZoneCard({ settings, onChoose }: { settings: Settings; onChoose: (tz: string) => void }) {
  const browser = browserTimeZone();
  const options = useMemo(() => timeZoneOptions(settings.timeZone, browser), [settings.timeZone, browser]);
  return (
    <Card title={T.digestTitle}>
      <p className="bb-notify__digest" data-testid="digest-time">
        {T.digestAt(formatLocalHour(DIGEST_LOCAL_HOUR), settings.timeZone)}
      </p>
      <Select
        label={T.timeZone}
        name="timeZone"
        className="bb-notify__zone"
        value={settings.timeZone}
        hint={settings.timeZoneFromBrowser ? undefined : T.timeZoneFirm}
        options={options}
        onChange={(e) => {
          if (e.target.value && e.target.value !== settings.timeZone) onChoose(e.target.value);
        }}
      />
    </Card>
  );
}
