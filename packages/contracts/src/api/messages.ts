import { attachmentParamsSchema, emailAgentSchema, messageIdParamsSchema, messagePageSchema, messagesQuerySchema, sendMessageResponseSchema, unreadCountSchema } from '../messaging.js';
import { messageResponseSchema } from '../public-forms.js';
import { BROKER, BUYER, MULTIPART_MESSAGE, route, SIGNED_IN } from './define.js';

const MESSAGE = { kind: 'message', param: 'id' } as const;

/** Part 2 §7, part 3 §7: portal messages (messaging service). */
export const MESSAGES_API = [
  route({ method: 'GET', path: '/messages/contact-requests', service: 'messaging', roles: BROKER, relation: 'staff', spec: 'p3§2', summary: "Brokers' inbox of contact messages and call-back requests." }),
  route({ method: 'GET', path: '/messages/inbox', query: messagesQuerySchema, response: messagePageSchema, service: 'messaging', roles: SIGNED_IN, relation: 'self', spec: 'p2§7 p3§7', summary: "The caller's received messages, newest first (?cursor=)." }),
  route({ method: 'GET', path: '/messages/sent', query: messagesQuerySchema, response: messagePageSchema, service: 'messaging', roles: SIGNED_IN, relation: 'self', spec: 'p2§7 p3§7', summary: "The caller's sent messages, newest first (?cursor=)." }),
  route({ method: 'GET', path: '/messages/unread-count', response: unreadCountSchema, service: 'messaging', roles: SIGNED_IN, relation: 'self', spec: 'p2§7', defined: 'unread badge of the sidebar (issue 9 §2)', summary: "Count of the caller's unread messages." }),
  route({ method: 'POST', path: '/messages/send', response: sendMessageResponseSchema, service: 'messaging', roles: SIGNED_IN, relation: 'self', ...MULTIPART_MESSAGE, spec: 'p2§7 p3§7', summary: 'Send a message (multipart: receiverId, subject, content, then up to 10 attachments) to one of the caller\'s contacts.' }),
  route({ method: 'PUT', path: '/messages/:id/read', params: messageIdParamsSchema, response: messageResponseSchema, service: 'messaging', roles: SIGNED_IN, relation: 'message', object: MESSAGE, spec: 'p2§7 p3§7', summary: 'Mark a received message read (receiver only).' }),
  route({ method: 'PATCH', path: '/messages/:id/read', params: messageIdParamsSchema, response: messageResponseSchema, service: 'messaging', roles: SIGNED_IN, relation: 'message', object: MESSAGE, spec: 'p2§7', defined: 'method not shown on one screen (p2§7); PUT per p3§7, PATCH accepted as an alias', summary: 'Alias of PUT /messages/{id}/read.' }),
  route({ method: 'DELETE', path: '/messages/:id', params: messageIdParamsSchema, response: messageResponseSchema, service: 'messaging', roles: SIGNED_IN, relation: 'message', object: MESSAGE, spec: 'p2§7 p3§7', summary: "Delete the caller's copy of a message." }),
  route({ method: 'GET', path: '/messages/:id/attachments/:attachmentId', params: attachmentParamsSchema, service: 'messaging', roles: SIGNED_IN, relation: 'message', object: MESSAGE, spec: 'p2§7', defined: 'attachment download: not shown', summary: 'Download an attachment (sender or receiver only).' }),
  route({ method: 'POST', path: '/buyer/email-agent', body: emailAgentSchema, response: sendMessageResponseSchema, service: 'messaging', roles: BUYER, relation: 'self', spec: 'p2§7', summary: "Message the agent of the buyer's selected listing (else a broker)." }),
] as const;
