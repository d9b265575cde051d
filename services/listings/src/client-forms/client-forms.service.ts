import { randomUUID } from 'node:crypto';
import { ConflictException, Injectable } from '@nestjs/common';
import { JOURNEY_MSG, type FormStatus, type IdentityClaims, type JourneyKind, type PdfJobRequest } from '@brokerage/contracts';
import { completeStep, isAccessible } from '../journeys/journey-rules.js';
import { JourneysRepository } from '../journeys/journeys.repository.js';
import { JourneysService } from '../journeys/journeys.service.js';
import { ClientFormsRepository, type FormKind, type StoredForm } from './client-forms.repository.js';
import { FormPdfRequestsRepository } from './form-pdf-requests.repository.js';
import { OutboxRelayService } from '../outbox/outbox-relay.service.js';
import type { PdfContext } from './form-pdfs.js';

const FORM_OWNER: Record<FormKind, JourneyKind> = { QUESTIONNAIRE: 'SELLER', NDA: 'BUYER', FINANCIAL_STATEMENT: 'BUYER' };

/**
 * Draft / submit of a client form on the caller's selected listing. Save and submit need the form's step to be
 * accessible (locked steps are view-only); submit completes the step through the journey engine in the same
 * transaction as the submission (completing an already completed step changes nothing).
 */
@Injectable()
export class ClientFormsService {
  constructor(
    private readonly forms: ClientFormsRepository,
    private readonly journeys: JourneysService,
    private readonly journeyRows: JourneysRepository,
    private readonly pdfRequests: FormPdfRequestsRepository,
    private readonly pdfRelay: OutboxRelayService,
  ) {}

  /** The caller's selected listing, or 409 "No listing selected". */
  async listing(user: IdentityClaims): Promise<string> {
    const listingId = await this.journeys.selected(user);
    if (!listingId) throw new ConflictException(JOURNEY_MSG.noSelection);
    return listingId;
  }

  async find<T, E = unknown>(user: IdentityClaims, kind: FormKind): Promise<{ listingId: string; form: StoredForm<T, E> | null }> {
    const listingId = await this.listing(user);
    return { listingId, form: await this.forms.find<T, E>({ userId: user.sub, listingId, kind }) };
  }

  async save(user: IdentityClaims, kind: FormKind, stepId: number, data: unknown): Promise<void> {
    const listingId = await this.requireStep(user, stepId);
    await this.forms.saveDraft({ userId: user.sub, listingId, kind }, data);
  }

  /**
   * The selected listing when the form's step is accessible, else 409: checked before the form's own answers, so a
   * locked step says so rather than which fields are missing (submit checks it again under the journey's lock).
   */
  async requireStep(user: IdentityClaims, stepId: number): Promise<string> {
    const listingId = await this.listing(user);
    await this.assertAccessible(user, listingId, stepId);
    return listingId;
  }

  /**
   * Submits the form; with `pdf`, the submission's PDF request is written in the same transaction (a new submission
   * id each time, so a re-submit files a new version and a re-delivered request is still one PDF) and relayed to
   * documents right after the commit.
   */
  async submit(
    user: IdentityClaims,
    kind: FormKind,
    stepId: number,
    data: unknown,
    evidence: unknown | null = null,
    pdf?: (c: PdfContext) => PdfJobRequest,
  ): Promise<void> {
    const listingId = await this.listing(user);
    await this.forms.transaction(async (em) => {
      await this.journeys.change(em, user.sub, listingId, FORM_OWNER[kind], (s) => {
        if (!isAccessible(s, stepId)) throw new ConflictException(JOURNEY_MSG.notAccessible);
        return { changed: completeStep(s, stepId, user.sub), result: null };
      });
      await this.forms.submit(em, { userId: user.sub, listingId, kind }, data, evidence);
      if (!pdf) return;
      const submissionId = randomUUID();
      const payload = pdf({
        submissionId, listingId, listingTitle: await this.pdfRequests.listingTitle(em, listingId),
        ownerId: user.sub, ownerName: user.name?.trim() || user.email || 'Client', submittedAt: new Date(),
      });
      await this.pdfRequests.add(em, { id: submissionId, userId: user.sub, listingId, kind, payload });
    });
    if (pdf) this.pdfRelay.kick();
  }

  private async assertAccessible(user: IdentityClaims, listingId: string, stepId: number): Promise<void> {
    const state = await this.journeyRows.find(user.sub, listingId);
    if (!state || !isAccessible(state, stepId)) throw new ConflictException(JOURNEY_MSG.notAccessible);
  }
}

/** The status fields every form answer carries. */
export function formStatus(form: StoredForm<unknown> | null): FormStatus {
  return {
    status: !form ? 'NEW' : form.submittedAt ? 'SUBMITTED' : 'DRAFT',
    savedAt: form ? form.savedAt.toISOString() : null,
    submittedAt: form?.submittedAt ? form.submittedAt.toISOString() : null,
    pdfRequested: form?.pdfRequested ?? false,
  };
}
