import type { MailMessage } from './mail.service.js';

/** HTML-escapes a value put into a mail's HTML part. */
export const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** A mail's plain-text part: the greeting, `lines`, the sign-off of `team`. */
export function mailText(name: string, lines: string[], team: string): string {
  return [`Hello ${name},`, '', ...lines, '', 'Kind regards,', team].join('\n');
}

/** A mail's HTML part: the greeting, `body` (paragraphs, already escaped), the sign-off of `team`. */
export function mailHtml(name: string, body: string, team: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<p>Hello ${esc(name)},</p>
${body}
<p>Kind regards,<br>${esc(team)}</p>
</body></html>`;
}

/** The HTML link as a button, and the address to copy when the button does not work. */
export function linkButtonHtml(link: string, label: string): string {
  return `<p><a href="${esc(link)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:4px">${label}</a></p>
<p style="font-size:13px;color:#4b5563">If the button does not work, copy this address into your browser:<br>${esc(link)}</p>`;
}

const TEAM = 'The Brokerage team';

export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  const text = mailText(
    name,
    [
      'We received a request to reset the password for your account.',
      'To choose a new password, open the link below. The link can be used once and expires in 1 hour.',
      '',
      link,
      '',
      'If you did not ask for this, you can ignore this e-mail: your password will not change.',
    ],
    TEAM,
  );
  const html = mailHtml(
    name,
    `<p>We received a request to reset the password for your account.</p>
<p>To choose a new password, use the button below. The link can be used once and expires in 1 hour.</p>
${linkButtonHtml(link, 'Reset your password')}
<p>If you did not ask for this, you can ignore this e-mail: your password will not change.</p>`,
    TEAM,
  );
  return { to, subject: 'Reset your password', text, html };
}

export function passwordChangedMail(to: string, name: string): MailMessage {
  const text = mailText(
    name,
    [
      'The password of your account was just changed, and every device signed in with the old password was signed out.',
      'If you did not make this change, please reset your password right away and contact your broker.',
    ],
    TEAM,
  );
  const html = mailHtml(
    name,
    `<p>The password of your account was just changed, and every device signed in with the old password was signed out.</p>
<p>If you did not make this change, please reset your password right away and contact your broker.</p>`,
    TEAM,
  );
  return { to, subject: 'Your password was changed', text, html };
}
