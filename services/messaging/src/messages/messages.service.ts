import { randomUUID } from 'node:crypto';
import { BadRequestException, ForbiddenException, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import {
  MESSAGE_ATTACHMENT_EXTENSIONS,
  MESSAGE_LIMITS,
  MESSAGING_MSG,
  sendMessageFieldsSchema,
  type EmailAgentRequest,
  type IdentityClaims,
  type MessagePage,
  type Role,
  type SendMessageFields,
  type SendMessageResponse,
  type UnreadCount,
} from '@brokerage/contracts';
import { afterCommit, NOTICE, parseWith, receiveUpload } from '@brokerage/nest-common';
import { IdentityClient } from '../clients/identity.client.js';
import { ListingsClient } from '../clients/listings.client.js';
import { LiveEventsPublisher } from '../live/live-events.publisher.js';
import { JOURNEY_MESSAGE, OutboxRelayService, messageNotice } from '../outbox/outbox-relay.service.js';
import { AttachmentStorageService } from '../storage/attachment-storage.service.js';
import { MESSAGE_UPLOAD_RULES } from './message-upload.js';
import { decodeCursor, encodeCursor, toMessage } from './message.mapper.js';
import { MessagesRepository, type MessageRow, type NewAttachment } from './messages.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (s: string) => UUID.test(s);
/** Clients whose first message completes journey step index 1. */
const JOURNEY_ROLES: readonly Role[] = ['SELLER', 'BUYER'];
/** How long a client's send waits for its journey event to reach listings (it is delivered later otherwise). */
const RELAY_WAIT_MS = 1500;
const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());
/** Whom a message goes to (the role: their notice links to their own Messages screen). */
type Receiver = { id: string; name: string; role: Role };

export interface AttachmentDownload {
  fileName: string;
  contentType: string;
  fileSize: number;
  body: Readable;
}

@Injectable()
export class MessagesService {
  private readonly logger = new Logger(MessagesService.name);

  constructor(
    private readonly repo: MessagesRepository,
    private readonly storage: AttachmentStorageService,
    private readonly identity: IdentityClient,
    private readonly listings: ListingsClient,
    private readonly outbox: OutboxRelayService,
    private readonly live: LiveEventsPublisher,
  ) {}

  async inbox(caller: IdentityClaims, cursor?: string): Promise<MessagePage> {
    const after = this.after(cursor);
    const website = caller.role === 'BROKER' ? { brokerName: caller.name } : null;
    return this.page(await this.repo.inbox(caller.sub, MESSAGE_LIMITS.pageSize + 1, after, website));
  }

  async sent(caller: IdentityClaims, cursor?: string): Promise<MessagePage> {
    return this.page(await this.repo.sent(caller.sub, MESSAGE_LIMITS.pageSize + 1, this.after(cursor)));
  }

  async unreadCount(caller: IdentityClaims): Promise<UnreadCount> {
    return { count: await this.repo.unreadCount(caller.sub, caller.role === 'BROKER') };
  }

  /**
   * POST /messages/send: multipart, the text fields then the attachments. The fields are validated and the receiver
   * checked (one of the caller's contacts) before a byte of any file is read: a refusal answers at once and the rest of
   * the body is discarded unread. Attachments stream to S3 (nest-common's receiveUpload, as documents' uploads) under
   * messages/{messageId}/{attachmentId}; the message row commits only once every file is stored.
   */
  async send(caller: IdentityClaims, req: IncomingMessage): Promise<SendMessageResponse> {
    const id = randomUUID();
    let to: { receiver: Receiver; body: SendMessageFields } | null = null;
    const received = await receiveUpload(req, this.storage, {
      ...MESSAGE_UPLOAD_RULES,
      plan: async (fields) => {
        const body = parseWith(sendMessageFieldsSchema, fields);
        const contacts = await this.identity.contactsOf(caller.sub);
        const receiver = contacts.find((c) => c.id === body.receiverId);
        if (!receiver) throw new ForbiddenException(MESSAGING_MSG.notContact);
        to = { receiver: { id: receiver.id, name: receiver.name, role: receiver.role }, body };
        return { keyPrefix: `messages/${id}`, allowedExtensions: MESSAGE_ATTACHMENT_EXTENSIONS };
      },
    });
    const { receiver, body } = to as unknown as { receiver: Receiver; body: SendMessageFields };
    const files = received.files.map((f) => ({ id: f.id, fileName: f.fileName, contentType: f.contentType, fileSize: f.size, storageKey: f.key }));
    return this.deliver(caller, receiver, body, files, id);
  }

  /** POST /buyer/email-agent: to the agent of the buyer's selected listing, else to the broker. */
  async emailAgent(caller: IdentityClaims, body: EmailAgentRequest): Promise<SendMessageResponse> {
    const listingId = await this.listings.selectedListing(caller.sub, 'BUYER');
    const agentId = listingId ? await this.listings.agentOf(listingId) : null;
    const [agent] = agentId ? (await this.identity.lookup([agentId])).filter((u) => u.isActive) : [];
    const receiver = agent ?? (await this.identity.activeBrokers())[0];
    if (!receiver) throw new ServiceUnavailableException(MESSAGING_MSG.noRecipient);
    return this.deliver(caller, { id: receiver.id, name: receiver.name, role: receiver.role }, { ...body, receiverId: receiver.id });
  }

  async markRead(caller: IdentityClaims, id: string): Promise<{ message: string }> {
    const read = isUuid(id) ? await this.repo.markRead(id, caller.sub) : null;
    if (read) {
      if (read !== 'already') void afterCommit(() => this.live.publish(read.senderId, { type: 'message.read', messageId: id, at: new Date().toISOString() }));
      return { message: MESSAGING_MSG.markedRead };
    }
    if (isUuid(id) && caller.role === 'BROKER' && (await this.repo.websiteItemExists(id, caller.sub))) {
      await this.repo.setWebsiteItemState(id, caller.sub, 'read');
      return { message: MESSAGING_MSG.markedRead };
    }
    throw new NotFoundException(MESSAGING_MSG.notFound);
  }

  async remove(caller: IdentityClaims, id: string): Promise<{ message: string }> {
    if (!isUuid(id)) throw new NotFoundException(MESSAGING_MSG.notFound);
    const done = await this.repo.deleteFor(id, caller.sub);
    if (done) {
      await this.storage.remove(done.purgedKeys).catch((err: Error) => this.logger.warn(`attachments of ${id} not removed: ${err.message}`));
      return { message: MESSAGING_MSG.deleted };
    }
    if (caller.role === 'BROKER' && (await this.repo.websiteItemExists(id, caller.sub))) {
      await this.repo.setWebsiteItemState(id, caller.sub, 'deleted');
      return { message: MESSAGING_MSG.deleted };
    }
    throw new NotFoundException(MESSAGING_MSG.notFound);
  }

  async attachment(caller: IdentityClaims, messageId: string, attachmentId: string): Promise<AttachmentDownload> {
    const row = isUuid(messageId) && isUuid(attachmentId) ? await this.repo.attachmentFor(messageId, attachmentId, caller.sub) : null;
    if (!row) throw new NotFoundException(MESSAGING_MSG.attachmentNotFound);
    return { fileName: row.file_name, contentType: row.content_type, fileSize: Number(row.file_size), body: await this.storage.get(row.storage_key) };
  }

  private after(cursor?: string) {
    if (!cursor) return null;
    const key = decodeCursor(cursor);
    if (!key) throw new BadRequestException(MESSAGING_MSG.invalidCursor);
    return key;
  }

  private page(rows: MessageRow[]): MessagePage {
    const more = rows.length > MESSAGE_LIMITS.pageSize;
    const shown = more ? rows.slice(0, MESSAGE_LIMITS.pageSize) : rows;
    return { messages: shown.map((r) => toMessage(r, r.attachments ?? [])), nextCursor: more ? encodeCursor(shown[shown.length - 1]) : null };
  }

  /**
   * The message (+ its e-mail notice row, + the journey outbox row for a client) in one transaction, its attachments
   * already stored under messages/{id}/; they are removed when the transaction fails.
   */
  private async deliver(
    caller: IdentityClaims,
    receiver: Receiver,
    body: SendMessageFields,
    stored: NewAttachment[] = [],
    id: string = randomUUID(),
  ): Promise<SendMessageResponse> {
    try {
      const row = await this.repo.transaction(async (m) => {
        const r = await this.repo.insert(m, { id, senderId: caller.sub, senderName: caller.name, receiverId: receiver.id, receiverName: receiver.name, subject: body.subject, content: body.content }, stored);
        if (JOURNEY_ROLES.includes(caller.role as Role)) await this.outbox.add(m, JOURNEY_MESSAGE, { userId: caller.sub, role: caller.role as Role }, { pendingKey: caller.sub });
        await this.outbox.add(m, NOTICE, messageNotice(id, receiver, caller.name), { id });
        return r;
      });
      // A client's step 2 should read green when the screen refreshes after the send: wait briefly for the relay.
      if (JOURNEY_ROLES.includes(caller.role as Role)) await afterCommit(() => Promise.race([this.outbox.drain().catch(() => undefined), delay(RELAY_WAIT_MS)]));
      else this.outbox.kick();
      void afterCommit(() => this.live.publish(receiver.id, { type: 'message.new', messageId: id, senderName: caller.name, at: new Date().toISOString() }));
      const attachments = stored.map((a) => ({ id: a.id, message_id: id, file_name: a.fileName, content_type: a.contentType, file_size: String(a.fileSize), storage_key: a.storageKey }));
      return { message: MESSAGING_MSG.sent, data: toMessage(row, attachments) };
    } catch (err) {
      await this.storage.remove(stored.map((a) => a.storageKey)).catch(() => undefined);
      throw err;
    }
  }
}
