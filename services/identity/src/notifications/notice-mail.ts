import {
  FIRM,
  NOTIFICATION_DELIVERY_LABELS,
  NOTIFICATION_KIND_LABELS,
  type NotificationKind,
} from '@brokerage/contracts';
import type { MailMessage } from '../mail/mail.service.js';
import { esc, linkButtonHtml, mailHtml, mailText } from '../mail/templates.js';

const TEAM = `The ${FIRM.name} team`;

/** What an e-mail says of one event: the command's one-line headline, who acted, the listing, where to act. */
export interface NoticeItem {
  kind: NotificationKind;
  headline: string;
  actorName?: string;
  listingTitle?: string;
  /** Absolute: PUBLIC_URL + the command's portal path. */
  url: string;
}

export interface NoticeRecipient {
  email: string;
  name: string;
  /** Absolute URL of the recipient's Settings screen. */
  settingsUrl: string;
}

/** Unsubscribe links of one kind: the page (a button, mfe-public) and the one-click API (List-Unsubscribe). */
export interface UnsubscribeLinks {
  page: string;
  oneClick: string;
}

const CONFIDENTIAL: Partial<Record<NotificationKind, string>> = {
  message: 'For confidentiality the message is not included in this e-mail. Sign in to read it.',
};

function detailLines(item: NoticeItem): string[] {
  return [
    ...(item.actorName ? [`From: ${item.actorName}`] : []),
    ...(item.listingTitle ? [`Listing: ${item.listingTitle}`] : []),
  ];
}

function detailHtml(item: NoticeItem): string {
  const lines = detailLines(item);
  return lines.length ? `<p>${lines.map(esc).join('<br>')}</p>` : '';
}

const labelInSentence = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

/** One event, right away: subject = the headline; a link to act, the settings, and a one-click unsubscribe of its kind. */
export function noticeMail(to: NoticeRecipient, item: NoticeItem, unsubscribe: UnsubscribeLinks, key: string): MailMessage {
  const label = NOTIFICATION_KIND_LABELS[item.kind];
  const why = `You get this e-mail because "${label}" is set to "${NOTIFICATION_DELIVERY_LABELS.now}" in your settings.`;
  const stop = `To stop e-mails about ${labelInSentence(label)}, unsubscribe`;
  const note = CONFIDENTIAL[item.kind];
  const text = [
    mailText(to.name, [item.headline, ...detailLines(item), ...(note ? ['', note] : []), '', 'Open it in your portal:', item.url], TEAM),
    '',
    '--',
    why,
    `Change your settings: ${to.settingsUrl}`,
    `${stop}: ${unsubscribe.page}`,
  ].join('\n');
  const html = mailHtml(
    to.name,
    `<p><strong>${esc(item.headline)}</strong></p>
${detailHtml(item)}${note ? `<p>${esc(note)}</p>\n` : ''}${linkButtonHtml(item.url, 'Open in your portal')}`,
    TEAM,
  ).replace('</body>', `${footerHtml(why, to.settingsUrl, [{ label, page: unsubscribe.page }])}</body>`);
  return { to: to.email, subject: item.headline, text, html, key, headers: oneClickHeaders(unsubscribe) };
}

/** The daily digest: the day's items grouped by kind, one unsubscribe link per kind. */
export function digestMail(
  to: NoticeRecipient,
  items: NoticeItem[],
  unsubscribe: Partial<Record<NotificationKind, UnsubscribeLinks>>,
  key: string,
): MailMessage {
  const kinds = [...new Set(items.map((i) => i.kind))];
  const subject = `Your daily digest: ${items.length} ${items.length === 1 ? 'update' : 'updates'}`;
  const why = `You get this e-mail because these kinds are set to "${NOTIFICATION_DELIVERY_LABELS.digest}" in your settings.`;
  const textGroups = kinds.flatMap((k) => [
    '',
    `${NOTIFICATION_KIND_LABELS[k]}:`,
    ...items.filter((i) => i.kind === k).flatMap((i) => [`- ${i.headline}`, ...detailLines(i).map((l) => `  ${l}`), `  ${i.url}`]),
  ]);
  const text = [
    mailText(to.name, [`Here is what happened in your ${FIRM.name} portal since your last digest.`, ...textGroups], TEAM),
    '',
    '--',
    why,
    `Change your settings: ${to.settingsUrl}`,
    ...kinds.map((k) => `To stop e-mails about ${labelInSentence(NOTIFICATION_KIND_LABELS[k])}, unsubscribe: ${unsubscribe[k]?.page ?? to.settingsUrl}`),
  ].join('\n');
  const htmlGroups = kinds.map((k) => `<h2 style="font-size:16px;margin:20px 0 8px">${esc(NOTIFICATION_KIND_LABELS[k])}</h2>
<ul>
${items.filter((i) => i.kind === k).map((i) => `<li style="margin-bottom:8px"><a href="${esc(i.url)}">${esc(i.headline)}</a>${detailLines(i).length ? `<br>${detailLines(i).map(esc).join('<br>')}` : ''}</li>`).join('\n')}
</ul>`).join('\n');
  const html = mailHtml(to.name, `<p>Here is what happened in your ${esc(FIRM.name)} portal since your last digest.</p>\n${htmlGroups}`, TEAM)
    .replace('</body>', `${footerHtml(why, to.settingsUrl, kinds.map((k) => ({ label: NOTIFICATION_KIND_LABELS[k], page: unsubscribe[k]?.page ?? to.settingsUrl })))}</body>`);
  // One kind: its one-click unsubscribe. Several: List-Unsubscribe opens the Settings screen (no one-click: one
  // click cannot say which of the kinds to stop).
  const only = kinds.length === 1 ? unsubscribe[kinds[0]!] : undefined;
  const headers = only ? oneClickHeaders(only) : { 'List-Unsubscribe': `<${to.settingsUrl}>` };
  return { to: to.email, subject, text, html, key, headers };
}

function footerHtml(why: string, settingsUrl: string, kinds: Array<{ label: string; page: string }>): string {
  return `<hr style="border:none;border-top:1px solid #d1d5db;margin:24px 0 12px">
<p style="font-size:13px;color:#4b5563">${esc(why)} <a href="${esc(settingsUrl)}">Change your settings</a>.</p>
${kinds.map((k) => `<p style="font-size:13px;color:#4b5563"><a href="${esc(k.page)}">Unsubscribe from ${esc(labelInSentence(k.label))}</a></p>`).join('\n')}
`;
}

/** RFC 8058 one-click: a mail client POSTs `List-Unsubscribe=One-Click` to the URL, no sign-in. */
function oneClickHeaders(u: UnsubscribeLinks): Record<string, string> {
  return { 'List-Unsubscribe': `<${u.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
