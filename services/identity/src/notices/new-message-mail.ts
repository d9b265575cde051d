import { FIRM, NEW_MESSAGE_NOTICE_SUBJECT } from '@brokerage/contracts';
import type { MailMessage } from '../mail/mail.service.js';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** "You have a new message": who wrote and where to read it. Never the message's subject or content (confidential). */
export function newMessageNoticeMail(to: string, name: string, senderName: string, link: string): MailMessage {
  const text = [
    `Hello ${name},`,
    '',
    `${senderName} sent you a new message in your ${FIRM.name} portal.`,
    'For confidentiality the message is not included in this e-mail. Sign in to read it:',
    '',
    link,
    '',
    'Kind regards,',
    `The ${FIRM.name} team`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<p>Hello ${esc(name)},</p>
<p>${esc(senderName)} sent you a new message in your ${esc(FIRM.name)} portal.</p>
<p>For confidentiality the message is not included in this e-mail. Sign in to read it:</p>
<p><a href="${esc(link)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:4px">Open your messages</a></p>
<p style="font-size:13px;color:#4b5563">If the button does not work, copy this address into your browser:<br>${esc(link)}</p>
<p>Kind regards,<br>The ${esc(FIRM.name)} team</p>
</body></html>`;
  return { to, subject: NEW_MESSAGE_NOTICE_SUBJECT, text, html };
}
