import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import type { PdfJobRequest } from '@brokerage/contracts';
import { firstRow } from '@brokerage/nest-common';
import { FORM_PDF, OutboxRelayService } from '../outbox/outbox-relay.service.js';
import type { FormKind } from './client-forms.repository.js';

const titleRow = z.object({ title: z.string() }).describe('listingTitleRow');

/** The PDF of each submission: an outbox row (kind form-pdf, id = the submission's), kept until documents has taken it. */
@Injectable()
export class FormPdfRequestsRepository {
  constructor(private readonly outbox: OutboxRelayService) {}

  /** In the submit's transaction: the request, and the form marked as having asked for its PDF. */
  async add(em: EntityManager, r: { id: string; userId: string; listingId: string; kind: FormKind; payload: PdfJobRequest }): Promise<void> {
    await this.outbox.add(em, FORM_PDF, r.payload, { id: r.id });
    await em.query(`UPDATE listings.client_forms SET pdf_requested = true WHERE user_id = $1 AND listing_id = $2 AND kind = $3`, [
      r.userId, r.listingId, r.kind,
    ]);
  }

  async listingTitle(em: EntityManager, listingId: string): Promise<string> {
    return firstRow(titleRow, await em.query(`SELECT title FROM listings.listings WHERE id = $1`, [listingId]))?.title ?? '';
  }
}
