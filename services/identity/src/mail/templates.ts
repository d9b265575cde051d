import type { MailMessage } from './mail.service.js';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  const text = [
    `Hello ${name},`,
    '',
    'We received a request to reset the password for your account.',
    'To choose a new password, open the link below. The link can be used once and expires in 1 hour.',
    '',
    link,
    '',
    'If you did not ask for this, you can ignore this e-mail: your password will not change.',
    '',
    'Kind regards,',
    'The Brokerage team',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<p>Hello ${esc(name)},</p>
<p>We received a request to reset the password for your account.</p>
<p>To choose a new password, use the button below. The link can be used once and expires in 1 hour.</p>
<p><a href="${esc(link)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:4px">Reset your password</a></p>
<p style="font-size:13px;color:#4b5563">If the button does not work, copy this address into your browser:<br>${esc(link)}</p>
<p>If you did not ask for this, you can ignore this e-mail: your password will not change.</p>
<p>Kind regards,<br>The Brokerage team</p>
</body></html>`;
  return { to, subject: 'Reset your password', text, html };
}

export function passwordChangedMail(to: string, name: string): MailMessage {
  const text = [
    `Hello ${name},`,
    '',
    'The password of your account was just changed, and every device signed in with the old password was signed out.',
    'If you did not make this change, please reset your password right away and contact your broker.',
    '',
    'Kind regards,',
    'The Brokerage team',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<p>Hello ${esc(name)},</p>
<p>The password of your account was just changed, and every device signed in with the old password was signed out.</p>
<p>If you did not make this change, please reset your password right away and contact your broker.</p>
<p>Kind regards,<br>The Brokerage team</p>
</body></html>`;
  return { to, subject: 'Your password was changed', text, html };
}
