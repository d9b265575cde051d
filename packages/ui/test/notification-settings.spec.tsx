import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationSettings as Settings } from '@brokerage/contracts/notifications';
import { NotificationSettings } from '../src/notification-settings/notification-settings';
import { renderAt, signedIn, stubApi, type PEOPLE } from './remote-harness';
import type { StubReply } from './fetch-stub';
import { notificationSettingsOf as settingsOf } from './settings-route';

type Role = keyof typeof PEOPLE;
const PATH = '/api/auth/notification-settings';
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A server that keeps what the PUTs send, and answers the whole settings as identity does. */
function server(role: Role, initial: Settings, o: { failPut?: StubReply } = {}) {
  let state: Settings = JSON.parse(JSON.stringify(initial));
  const calls = stubApi({
    [`GET ${PATH}`]: () => ({ status: 200, body: state }),
    [`PUT ${PATH}`]: (body) => {
      if (o.failPut) return o.failPut;
      const b = body as { timeZone?: string; preferences?: Record<string, Settings['preferences'][number]['delivery']> };
      state = {
        timeZone: b.timeZone ?? state.timeZone,
        timeZoneFromBrowser: b.timeZone ? true : state.timeZoneFromBrowser,
        preferences: state.preferences.map((p) => ({ ...p, delivery: b.preferences?.[p.kind] ?? p.delivery })),
      };
      return { status: 200, body: state };
    },
  });
  signedIn(role);
  return { calls, puts: () => calls.filter((c) => c.method === 'PUT') };
}

const rows = () => screen.getAllByRole('radiogroup');
const group = (label: string) => screen.getByRole('radiogroup', { name: label });

describe('NotificationSettings', () => {
  test.each<[Role, string[]]>([
    ['SELLER', ['New messages', 'Documents shared with you', 'Steps completed by others', 'Offers recorded', 'Due-diligence requests and answers']],
    ['BUYER', ['New messages', 'Documents shared with you', 'Steps completed by others', 'Due-diligence requests and answers']],
    ['BROKER', ['New messages', 'Documents shared with you', 'Steps completed by others', 'NDAs signed', 'Due-diligence requests and answers', 'Idle journeys']],
    ['AGENT', ['New messages', 'Documents shared with you', 'Steps completed by others', 'NDAs signed', 'Due-diligence requests and answers', 'Idle journeys']],
  ])('%s: one row per kind the role has, each with Right away / Daily digest / Off and its saved choice checked', async (role, labels) => {
    // the answer names a kind the role does not have: it gets no row
    const answer = settingsOf(role, { fromBrowser: true, timeZone: browserZone() });
    answer.preferences.push({ kind: role === 'SELLER' ? 'nda-signed' : 'offer-recorded', label: 'Stray', delivery: 'now' });
    server(role, answer);
    renderAt(<NotificationSettings />, '/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    await screen.findByRole('radiogroup', { name: labels[0] });
    expect(rows().map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent)).toEqual(labels);
    expect(screen.queryByText('Stray')).toBeNull();
    for (const g of rows()) {
      expect(within(g).getAllByRole('radio').map((r) => (r as HTMLInputElement).labels?.[0]?.textContent)).toEqual(['Right away', 'Daily digest', 'Off']);
    }
    expect(within(group('New messages')).getByRole('radio', { name: 'Right away' })).toBeChecked();
    expect(within(group('Steps completed by others')).getByRole('radio', { name: 'Daily digest' })).toBeChecked();
  });

  test('choosing a delivery sends the PUT of that kind alone, shows the choice and says so in a toast', async () => {
    const api = server('BUYER', settingsOf('BUYER', { fromBrowser: true, timeZone: browserZone() }));
    renderAt(<NotificationSettings />, '/');
    const messages = await screen.findByRole('radiogroup', { name: 'New messages' });
    await userEvent.click(within(messages).getByRole('radio', { name: 'Daily digest' }));
    await waitFor(() => expect(api.puts()).toHaveLength(1));
    expect(api.puts()[0]!.body).toEqual({ preferences: { message: 'digest' } });
    expect(await screen.findByText('Saved. New messages: Daily digest')).toBeInTheDocument();
    expect(within(group('New messages')).getByRole('radio', { name: 'Daily digest' })).toBeChecked();
    expect(within(group('New messages')).getByRole('radio', { name: 'Right away' })).not.toBeChecked();
    // the other rows are untouched
    expect(within(group('Documents shared with you')).getByRole('radio', { name: 'Right away' })).toBeChecked();
  });

  test('a refused save puts the previous choice back and shows the server message', async () => {
    const api = server('SELLER', settingsOf('SELLER', { fromBrowser: true, timeZone: browserZone() }), { failPut: { status: 400, body: { message: 'Choose Right away, Daily digest or Off' } } });
    renderAt(<NotificationSettings />, '/');
    const offers = await screen.findByRole('radiogroup', { name: 'Offers recorded' });
    await userEvent.click(within(offers).getByRole('radio', { name: 'Off' }));
    expect(await screen.findByText('Choose Right away, Daily digest or Off')).toBeInTheDocument();
    expect(api.puts()).toHaveLength(1);
    await waitFor(() => expect(within(group('Offers recorded')).getByRole('radio', { name: 'Right away' })).toBeChecked());
  });

  test("the firm's time zone: the browser's is sent once, then shown with the digest hour", async () => {
    const api = server('AGENT', settingsOf('AGENT', { timeZone: 'America/Los_Angeles', fromBrowser: false }));
    const zone = browserZone();
    renderAt(<NotificationSettings />, '/');
    await waitFor(() => expect(api.puts()).toHaveLength(1));
    expect(api.puts()[0]!.body).toEqual({ timeZone: zone });
    expect(await screen.findByText(`Daily digest at 7:00 AM ${zone}`)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue(zone);
    // a later choice and the reloads it causes never send the browser's zone again
    await userEvent.click(within(group('Idle journeys')).getByRole('radio', { name: 'Off' }));
    await screen.findByText('Saved. Idle journeys: Off');
    await waitFor(() => expect(api.puts()).toHaveLength(2));
    expect(api.puts()[1]!.body).toEqual({ preferences: { 'idle-journey': 'off' } });
    expect(api.puts().filter((c) => (c.body as { timeZone?: string }).timeZone)).toHaveLength(1);
  });

  test('a time zone that came from the browser is not sent again; the Time zone select changes it', async () => {
    const api = server('BROKER', settingsOf('BROKER', { timeZone: 'Europe/Paris', fromBrowser: true }));
    renderAt(<NotificationSettings />, '/');
    expect(await screen.findByText('Daily digest at 7:00 AM Europe/Paris')).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Time zone' });
    expect(select).toHaveValue('Europe/Paris');
    expect(api.puts()).toHaveLength(0);
    await userEvent.selectOptions(select, 'America/New_York');
    await waitFor(() => expect(api.puts()).toHaveLength(1));
    expect(api.puts()[0]!.body).toEqual({ timeZone: 'America/New_York' });
    expect(await screen.findByText('Daily digest at 7:00 AM America/New_York')).toBeInTheDocument();
    expect(await screen.findByText('Saved. Time zone: America/New_York')).toBeInTheDocument();
  });

  test('a failed load says so with Retry', async () => {
    stubApi({ [`GET ${PATH}`]: 'fail' });
    signedIn('BUYER');
    renderAt(<NotificationSettings />, '/');
    expect(await screen.findByText('Failed to load your settings')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
