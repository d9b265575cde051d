import { questionnaireBodySchema } from '@brokerage/contracts';
import { createZodDto } from '@brokerage/nest-common';

/** POST /seller/questionnaire/save|submit {questionnaire}. */
export class QuestionnaireBody extends createZodDto(questionnaireBodySchema) {}
