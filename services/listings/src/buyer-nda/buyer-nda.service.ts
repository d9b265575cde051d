import { BadRequestException, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import {
  FORM_MSG,
  FORM_STEPS,
  LISTING_NOT_AVAILABLE,
  NDA_TEXT_VERSION,
  ndaFormSchema,
  ndaSubmitReady,
  ndaText,
  type FormWriteResponse,
  type IdentityClaims,
  type NdaEvidence,
  type NdaForm,
  type NdaResponse,
} from '@brokerage/contracts';
import { ClientFormsService, formStatus } from '../client-forms/client-forms.service.js';
import { ndaPdf } from '../client-forms/form-pdfs.js';
import { BuyerNdaRepository } from './buyer-nda.repository.js';

/** The sha256 of the NDA text the screen shows (contracts' ndaText): the version a signature refers to. */
export const currentNdaSha256 = (): string => createHash('sha256').update(ndaText(), 'utf8').digest('hex');

export interface SignatureContext {
  ip: string | null;
  userAgent: string | null;
}

/**
 * The signature evidence both paths record (the portal's NDA step and the public /nda sign-up) and print on the PDF:
 * who, when, from where, and which text (its sha256 and version).
 */
export const signatureEvidence = (signer: string, signedAt: Date, ctx: SignatureContext, via: NonNullable<NdaEvidence['via']>): NdaEvidence => ({
  signedAt: signedAt.toISOString(),
  signer,
  ip: ctx.ip,
  userAgent: ctx.userAgent,
  textSha256: currentNdaSha256(),
  textVersion: NDA_TEXT_VERSION,
  via,
});

/** The buyer's online NDA (buyer step 2): prefilled from the sign-up, signature evidence recorded at submit. */
@Injectable()
export class BuyerNdaService {
  constructor(
    private readonly forms: ClientFormsService,
    private readonly signUps: BuyerNdaRepository,
  ) {}

  async get(user: IdentityClaims): Promise<NdaResponse> {
    const { listingId, form } = await this.forms.find<NdaForm, NdaEvidence>(user, 'NDA');
    const textSha256 = currentNdaSha256();
    const evidence = form?.evidence ?? null;
    const needsConsent = evidence !== null && evidence.textSha256 !== textSha256;
    const data: NdaForm = form
      ? form.data
      : ndaFormSchema.parse({ ...(await this.signUps.signUp(user.sub, listingId)), listingInterest: listingId });
    return {
      nda: { ...data, agreementAccepted: needsConsent ? false : data.agreementAccepted, ...formStatus(form), evidence, needsConsent, textSha256 },
    };
  }

  async save(user: IdentityClaims, nda: NdaForm): Promise<FormWriteResponse> {
    await this.forms.save(user, 'NDA', FORM_STEPS.nda, nda);
    return { message: FORM_MSG.ndaSaved };
  }

  async submit(user: IdentityClaims, nda: NdaForm, ctx: SignatureContext): Promise<FormWriteResponse> {
    const listingId = await this.forms.requireStep(user, FORM_STEPS.nda);
    if (!ndaSubmitReady(nda)) throw new BadRequestException(FORM_MSG.ndaRequired);
    if (nda.listingInterest !== listingId) throw new BadRequestException(LISTING_NOT_AVAILABLE);
    const evidence = signatureEvidence(nda.signature.trim() || `${nda.firstName.trim()} ${nda.lastName.trim()}`, new Date(), ctx, 'portal');
    await this.forms.submit(user, 'NDA', FORM_STEPS.nda, nda, evidence, (c) => ndaPdf(nda, evidence, c));
    return { message: FORM_MSG.ndaSubmittedPdf };
  }
}
