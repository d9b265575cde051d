import { randomUUID } from 'node:crypto';
import { Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  BUYER_NDA_STEP,
  LISTING_NOT_AVAILABLE,
  NDA_TEXT_VERSION,
  ndaFormSchema,
  type RecordNdaInput,
  type RecordNdaResponse,
  type RemovedBuyerNdas,
} from '@brokerage/contracts';
import { currentNdaSha256, signatureEvidence } from '../buyer-nda/buyer-nda.service.js';
import { ClientFormsRepository } from '../client-forms/client-forms.repository.js';
import { OutboxRelayService } from '../outbox/outbox-relay.service.js';
import { FormPdfRequestsRepository } from '../client-forms/form-pdf-requests.repository.js';
import { ndaPdf } from '../client-forms/form-pdfs.js';
import { completeStep } from '../journeys/journey-rules.js';
import { JourneysService } from '../journeys/journeys.service.js';
import { NdasRepository } from './ndas.repository.js';

const SELECT_STEP = 0;

@Injectable()
export class NdasService {
  constructor(
    private readonly ndas: NdasRepository,
    private readonly journeys: JourneysService,
    private readonly forms: ClientFormsRepository,
    private readonly pdfRequests: FormPdfRequestsRepository,
    private readonly pdfRelay: OutboxRelayService,
  ) {}

  /**
   * Records the buyer's NDA for an ACTIVE listing and attaches the buyer; idempotent on (buyerId, listingId). The NDA
   * signed on the public /nda page counts (issue 18): in the same transaction the listing becomes the buyer's selected
   * one (unless they have one), steps Select Listing and Non Disclosure are completed, the online NDA is answered from
   * the sign-up (submitted, with its signature evidence) and its PDF is requested, so documents files it among the
   * buyer's documents (GENERATED, NDA).
   */
  async record(input: RecordNdaInput): Promise<RecordNdaResponse> {
    const listingId = input.listingId;
    const buyerId = input.buyerId.toLowerCase();
    const answer = await this.ndas.transaction(async (em) => {
      const existing = await this.ndas.findByBuyerAndListing(em, buyerId, listingId);
      if (existing) {
        await this.ndas.attachBuyer(em, listingId, buyerId);
        const pdf = await this.countsInPortal(em, { ...input, buyerId }, existing.signedAt);
        return { pdf, result: { created: false, nda: { id: existing.id, buyerId, listingId, signedAt: existing.signedAt.toISOString() } } };
      }
      const status = await this.ndas.lockListingStatus(em, listingId);
      if (status !== 'ACTIVE') throw new NotFoundException(LISTING_NOT_AVAILABLE);
      const insertedId = await this.ndas.insertIfAbsent(em, { ...input, buyerId, listingId, textSha256: currentNdaSha256(), textVersion: NDA_TEXT_VERSION });
      await this.ndas.attachBuyer(em, listingId, buyerId);
      const row = insertedId ? null : await this.ndas.findByBuyerAndListing(em, buyerId, listingId);
      const signedAt = row?.signedAt ?? input.signedAt;
      const pdf = await this.countsInPortal(em, { ...input, buyerId }, signedAt);
      return {
        pdf,
        result: { created: insertedId !== null, nda: { id: insertedId ?? row!.id, buyerId, listingId, signedAt: signedAt.toISOString() } },
      };
    });
    if (answer.pdf) this.pdfRelay.kick();
    return answer.result;
  }

  /** The portal side of a sign-up's NDA (see record). True when a PDF request was written. */
  private async countsInPortal(em: EntityManager, input: RecordNdaInput, signedAt: Date): Promise<boolean> {
    const { buyerId, listingId } = input;
    await this.ndas.selectIfNone(em, buyerId, listingId);
    await this.journeys.change(em, buyerId, listingId, 'BUYER', (s) => {
      const selected = completeStep(s, SELECT_STEP, buyerId, signedAt);
      const signed = completeStep(s, BUYER_NDA_STEP, buyerId, signedAt);
      return { changed: selected || signed, result: null };
    });
    if (await this.ndas.ndaFormSubmitted(em, buyerId, listingId)) return false;
    const nda = ndaFormSchema.parse({
      firstName: input.firstName,
      lastName: input.lastName,
      organization: input.organization ?? '',
      email: input.email,
      phone: input.phone,
      addressLine1: input.addressLine1 ?? '',
      addressLine2: input.addressLine2 ?? '',
      city: input.city ?? '',
      state: input.state ?? '',
      zipCode: input.zipCode ?? '',
      listingInterest: listingId,
      availableMoney: input.availableMoney ?? '',
      minimumIncome: input.minimumIncome ?? '',
      totalPriceWilling: input.totalPriceWilling ?? '',
      californiaRegions: input.californiaRegions ?? [],
      timeFrameToPurchase: input.timeFrameToPurchase ?? '',
      agreementAccepted: true,
      signature: input.signature,
    });
    const ownerName = `${nda.firstName.trim()} ${nda.lastName.trim()}`.trim() || nda.email;
    const evidence = signatureEvidence(nda.signature.trim() || ownerName, signedAt, { ip: input.ip ?? null, userAgent: input.userAgent ?? null }, 'sign-up');
    const key = { userId: buyerId, listingId, kind: 'NDA' as const };
    await this.forms.submit(em, key, nda, evidence);
    const submissionId = randomUUID();
    const payload = ndaPdf(nda, evidence, {
      submissionId, listingId, listingTitle: await this.pdfRequests.listingTitle(em, listingId), ownerId: buyerId, ownerName, submittedAt: signedAt,
    });
    await this.pdfRequests.add(em, { id: submissionId, ...key, payload });
    return true;
  }

  removeForBuyer(buyerId: string): Promise<RemovedBuyerNdas> {
    return this.ndas.deleteForBuyer(buyerId.toLowerCase());
  }
}
