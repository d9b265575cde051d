import { FIRM, NEW_MESSAGE_NOTICE_SUBJECT } from '@brokerage/contracts';
import type { MailMessage } from '../mail/mail.service.js';
import { esc, linkButtonHtml, mailHtml, mailText } from '../mail/templates.js';

/** "You have a new message": who wrote and where to read it. Never the message's subject or content (confidential). */
export function newMessageNoticeMail(to: string, name: string, senderName: string, link: string): MailMessage {
  const team = `The ${FIRM.name} team`;
  const text = mailText(
    name,
    [
      `${senderName} sent you a new message in your ${FIRM.name} portal.`,
      'For confidentiality the message is not included in this e-mail. Sign in to read it:',
      '',
      link,
    ],
    team,
  );
  const html = mailHtml(
    name,
    `<p>${esc(senderName)} sent you a new message in your ${esc(FIRM.name)} portal.</p>
<p>For confidentiality the message is not included in this e-mail. Sign in to read it:</p>
${linkButtonHtml(link, 'Open your messages')}`,
    team,
  );
  return { to, subject: NEW_MESSAGE_NOTICE_SUBJECT, text, html };
}
