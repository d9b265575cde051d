import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { LISTING_DELETED, NOTICE_ACTOR, type ListingDeletedEvent, type NoticeCommand, type PdfJobRequest } from '@brokerage/contracts';
import { EventQueues, InternalHttpClient, NOTICE, OutboxRelay, SERVICE_CONFIG, oneLine, sendNotice, type ServiceConfig } from '@brokerage/nest-common';
import { IdentityUsersClient } from '../identity/identity-users.client.js';

/** A submitted form's PDF, for documents' POST /internal/pdf-jobs (idempotent on its key, the submission's). */
export const FORM_PDF = 'form-pdf';

/**
 * An e-mail notice (contracts notifications.ts): the command, plus the actor's id when the headline still holds
 * NOTICE_ACTOR (a journey change from another service's event names no one): the name is put in at delivery.
 */
export type ListingNotice = NoticeCommand & { actorId?: string };

/** What listings.outbox carries: one payload type per kind. */
export interface ListingsOutbox {
  [LISTING_DELETED]: ListingDeletedEvent;
  [FORM_PDF]: PdfJobRequest;
  [NOTICE]: ListingNotice;
}

/** The command with the actor's name in its headline (identity's people; 'A client' for one identity no longer knows). */
async function named(n: ListingNotice, users: IdentityUsersClient): Promise<NoticeCommand> {
  const { actorId, ...command } = n;
  if (!command.headline.includes(NOTICE_ACTOR)) return command;
  const name = command.actorName?.trim() || (actorId ? (await users.lookup([actorId])).get(actorId)?.name : undefined) || 'A client';
  return { ...command, actorName: name, headline: oneLine(command.headline.replace(NOTICE_ACTOR, name)) };
}

/**
 * listings.outbox (nest-common OutboxRelay): listing.deleted → its consumers' BullMQ queues (LISTING_DELETED_CONSUMERS,
 * registered by OutboxModule; jobId = eventId = row id),
 * form PDFs → documents (the job key is the submission's, so a request relayed again is the same job, rendered once),
 * notices → identity's POST /internal/notices (idempotent per eventId = row id).
 */
@Injectable()
export class OutboxRelayService extends OutboxRelay<ListingsOutbox> {
  constructor(@InjectDataSource() ds: DataSource, @Inject(SERVICE_CONFIG) config: ServiceConfig, queues: EventQueues, users: IdentityUsersClient) {
    const documents = new InternalHttpClient({ from: 'listings', baseUrl: config.DOCUMENTS_URL, timeoutMs: 10_000 });
    const identity = new InternalHttpClient({ from: 'listings', baseUrl: config.IDENTITY_URL, timeoutMs: 10_000 });
    super('OutboxRelay', ds, 'listings', {
      [LISTING_DELETED]: (event, row) => queues.publish(row.kind, row.id, event),
      [FORM_PDF]: async (job) => void (await documents.post('/internal/pdf-jobs', job)),
      [NOTICE]: async (notice) => sendNotice(identity, await named(notice, users)),
    }, { pollMs: 2000 });
  }
}
