// Zod-free on purpose: the texts of the notification Settings screen (packages/ui) and the public unsubscribe page
// (mfe-public), whose chunk should not pull zod in through notifications.ts. Kinds, deliveries and their labels live
// in notifications.ts.

/** '7:00 AM' for a local hour (0–23). */
export function formatLocalHour(hour: number): string {
  const h = ((hour % 24) + 24) % 24;
  return `${h % 12 === 0 ? 12 : h % 12}:00 ${h < 12 ? 'AM' : 'PM'}`;
}

/** The Settings screen of every portal (issue 24 §2). */
export const NOTIFICATION_SETTINGS_TEXT = {
  title: 'Settings',
  navLabel: 'Settings',
  notificationsTitle: 'E-mail notifications',
  intro: 'Choose, for each kind of e-mail, whether it reaches you right away, in one daily digest, or not at all.',
  digestTitle: 'Daily digest',
  /** "Daily digest at 7:00 AM America/Los_Angeles" */
  digestAt: (time: string, timeZone: string) => `Daily digest at ${time} ${timeZone}`,
  timeZone: 'Time zone',
  timeZoneFirm: "The firm's time zone, until your browser tells us yours.",
  loading: 'Loading settings...',
  loadFailed: 'Failed to load your settings',
  /** Toast after a row's change: "New messages: Daily digest" */
  saved: (label: string, delivery: string) => `Saved. ${label}: ${delivery}`,
  timeZoneSaved: (timeZone: string) => `Saved. Time zone: ${timeZone}`,
  saveFailed: 'Failed to save your settings',
} as const;

/** The public page an e-mail's unsubscribe link opens (/unsubscribe?token=…). */
export const UNSUBSCRIBE_TEXT = {
  title: 'Unsubscribe',
  /** The page's one button (as notifications.ts UNSUBSCRIBE_BUTTON, which pulls zod in). */
  button: 'Unsubscribe',
  backHome: 'Back to Home',
  intro: 'Stop e-mails of this kind? Other kinds keep coming as you set them.',
  noToken: 'Open this page from the unsubscribe link in one of our e-mails.',
  busy: 'Unsubscribing...',
  /** "You will no longer get e-mails about new messages." (the kind's label, as the server names it) */
  done: (label: string) => `You will no longer get e-mails about ${labelInSentence(label)}.`,
  address: (maskedEmail: string) => `Address: ${maskedEmail}`,
  signInPrompt: 'To change this or any other kind, ',
  signIn: 'sign in and open Settings',
  failed: 'Failed to unsubscribe. Please try again.',
} as const;

/** A kind's label inside a sentence: 'New messages' → 'new messages', 'NDAs signed' stays. */
export function labelInSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}
