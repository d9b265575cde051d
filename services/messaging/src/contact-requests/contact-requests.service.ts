import { Injectable } from '@nestjs/common';
import type { ContactMessage } from '@brokerage/contracts';
import type { IdentityClaims } from '@brokerage/nest-common';
import { ContactRequestsRepository } from './contact-requests.repository.js';
import type { RequestOrigin } from '../common/request-origin.js';

/** How many of each the brokers' inbox returns (newest first). */
export const INBOX_LIMIT = 200;

const userId = (u?: IdentityClaims) => (u && u.role !== 'SERVICE' ? u.sub : null);

@Injectable()
export class ContactRequestsService {
  constructor(private readonly repo: ContactRequestsRepository) {}

  async saveContactMessage(body: ContactMessage, origin: RequestOrigin, user?: IdentityClaims): Promise<void> {
    await this.repo.insertContactMessage({ ...body, email: body.email.toLowerCase(), senderUserId: userId(user), ...origin });
  }

  async saveCallbackRequest(body: { firstName: string; lastName: string; email: string; message: string }, origin: RequestOrigin, user?: IdentityClaims): Promise<void> {
    await this.repo.insertCallbackRequest({ ...body, email: body.email.toLowerCase(), senderUserId: userId(user), ...origin });
  }

  async brokersInbox() {
    const [contacts, callbacks] = await Promise.all([
      this.repo.latestContactMessages(INBOX_LIMIT),
      this.repo.latestCallbackRequests(INBOX_LIMIT),
    ]);
    return {
      contactMessages: contacts.map((c) => ({
        id: c.id, firstName: c.firstName, lastName: c.lastName, email: c.email, phone: c.phone,
        subject: c.subject, message: c.message, senderUserId: c.senderUserId, createdAt: c.createdAt.toISOString(),
      })),
      callbackRequests: callbacks.map((c) => ({
        id: c.id, firstName: c.firstName, lastName: c.lastName, email: c.email, message: c.message,
        senderUserId: c.senderUserId, createdAt: c.createdAt.toISOString(),
      })),
    };
  }
}
