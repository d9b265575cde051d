import { checkSessionResponseSchema, loginRequestSchema, loginResponseSchema, resetPasswordRequestSchema, restoreSessionRequestSchema, restoreSessionResponseSchema, userMessageResponseSchema } from '../auth.js';
import { contactsResponseSchema, usersByRoleQuerySchema } from '../people.js';
import { availableListingsResponseSchema, callbackRequestSchema, contactMessageSchema, messageResponseSchema, ndaSubmissionSchema } from '../public-forms.js';
import { registrationSchema } from '../registration.js';
import { notificationSettingsSchema, unsubscribeAnswerSchema, unsubscribeQuerySchema, unsubscribeRequestSchema, updateNotificationSettingsSchema } from '../notifications.js';
import { route, SIGNED_IN, STAFF } from './define.js';

/** Part 1 §7: the public site's calls, and the contacts every portal user reads. */
export const AUTH_API = [
  route({ method: 'POST', path: '/auth/register', body: registrationSchema, response: userMessageResponseSchema, service: 'identity', roles: 'public', relation: 'public', spec: 'p1§7', summary: 'Register a buyer or seller account.' }),
  route({ method: 'POST', path: '/auth/login', body: loginRequestSchema, response: loginResponseSchema, service: 'identity', roles: 'public', relation: 'public', spec: 'p1§7', summary: 'Sign in: sets the session cookie and answers the user and session token.' }),
  route({ method: 'POST', path: '/auth/logout', response: messageResponseSchema, service: 'identity', roles: 'public', relation: 'public', spec: 'p1§7', summary: "Sign out: revokes the caller's session, if any, and clears the cookie." }),
  route({ method: 'POST', path: '/auth/restore-session', body: restoreSessionRequestSchema, response: restoreSessionResponseSchema, service: 'identity', roles: 'public', relation: 'public', spec: 'p1§7', summary: 'Restore a session from a valid session cookie of the same user (deviation 2).' }),
  route({ method: 'POST', path: '/auth/reset-password', body: resetPasswordRequestSchema, response: messageResponseSchema, service: 'identity', roles: 'public', relation: 'public', spec: 'p1§7', summary: '{email}: e-mail a single-use reset link; {token, newPassword}: set the new password (deviation 1).' }),
  route({ method: 'POST', path: '/auth/nda-submit', body: ndaSubmissionSchema, response: userMessageResponseSchema, service: 'identity', roles: 'public', relation: 'public', spec: 'p1§7', summary: 'Public NDA page: sign the NDA for a listing and create the buyer account.' }),
  route({ method: 'GET', path: '/auth/check-session', response: checkSessionResponseSchema, service: 'identity', roles: 'public', relation: 'public', spec: 'p1§7', summary: 'Whether the caller has a valid session, and whose.' }),
  route({ method: 'GET', path: '/auth/available-listings', response: availableListingsResponseSchema, service: 'listings', roles: 'public', relation: 'public', spec: 'p1§7', summary: 'Public cards of the active listings (title, description, price, status).' }),
  route({ method: 'POST', path: '/auth/contact-message', body: contactMessageSchema, response: messageResponseSchema, service: 'messaging', roles: 'public', relation: 'public', spec: 'p1§7', summary: "Public contact form: reaches the brokers' inbox." }),
  route({ method: 'POST', path: '/callback-request', body: callbackRequestSchema, response: messageResponseSchema, service: 'messaging', roles: 'public', relation: 'public', spec: 'p1§7', summary: "Public call-back request: reaches the brokers' inbox." }),
  route({ method: 'GET', path: '/users', response: contactsResponseSchema, service: 'identity', roles: SIGNED_IN, relation: 'self', spec: 'p1§7 p2§7 p3§7', summary: "The caller's contacts (whom they may message)." }),
  route({ method: 'GET', path: '/users/by-role', query: usersByRoleQuerySchema, response: contactsResponseSchema, service: 'identity', roles: STAFF, relation: 'staff', spec: 'p3§7', summary: 'Staff: contacts of one role (?role=).' }),
  route({ method: 'GET', path: '/auth/notification-settings', response: notificationSettingsSchema, service: 'identity', roles: SIGNED_IN, relation: 'self', spec: 'issue 24 §2', defined: 'issue 24 §2', summary: "The caller's e-mail notification settings: time zone and, per kind, Right away / Daily digest / Off." }),
  route({ method: 'PUT', path: '/auth/notification-settings', body: updateNotificationSettingsSchema, response: notificationSettingsSchema, service: 'identity', roles: SIGNED_IN, relation: 'self', spec: 'issue 24 §2', defined: 'issue 24 §2', summary: "Change the caller's time zone (from the browser) and/or some kinds' deliveries." }),
  route({ method: 'POST', path: '/auth/unsubscribe', body: unsubscribeRequestSchema, query: unsubscribeQuerySchema, response: unsubscribeAnswerSchema, service: 'identity', roles: 'public', relation: 'public', spec: 'issue 24 §2', defined: 'issue 24 §2', summary: "One-click unsubscribe from an e-mail's kind: the signed token ({token} or ?token=) sets that kind Off, no sign-in needed." }),
] as const;
