import { Injectable } from '@nestjs/common';
import {
  FORM_MSG,
  FORM_STEPS,
  emptyQuestionnaire,
  type FormWriteResponse,
  type IdentityClaims,
  type Questionnaire,
  type QuestionnaireResponse,
} from '@brokerage/contracts';
import { ClientFormsService, formStatus } from '../client-forms/client-forms.service.js';
import { questionnairePdf } from '../client-forms/form-pdfs.js';

/** The seller questionnaire (seller step 3): no required fields; submit completes the step and asks for its PDF. */
@Injectable()
export class QuestionnaireService {
  constructor(private readonly forms: ClientFormsService) {}

  async get(user: IdentityClaims): Promise<QuestionnaireResponse> {
    const { form } = await this.forms.find<Questionnaire>(user, 'QUESTIONNAIRE');
    return { questionnaire: { ...emptyQuestionnaire(), ...form?.data, ...formStatus(form) } };
  }

  async save(user: IdentityClaims, q: Questionnaire): Promise<FormWriteResponse> {
    await this.forms.save(user, 'QUESTIONNAIRE', FORM_STEPS.questionnaire, q);
    return { message: FORM_MSG.questionnaireSaved };
  }

  async submit(user: IdentityClaims, q: Questionnaire): Promise<FormWriteResponse> {
    await this.forms.submit(user, 'QUESTIONNAIRE', FORM_STEPS.questionnaire, q, null, (c) => questionnairePdf(q, c));
    return { message: FORM_MSG.questionnaireSubmittedPdf };
  }
}
