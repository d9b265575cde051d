import { askQuestionSchema, mergeQuestionSchema, questionListingParamsSchema, questionParamsSchema, releaseQuestionSchema } from '@brokerage/contracts';
import { createZodDto } from '@brokerage/nest-common';

export class QuestionListingParams extends createZodDto(questionListingParamsSchema) {}
export class QuestionParams extends createZodDto(questionParamsSchema) {}
export class AskQuestionBody extends createZodDto(askQuestionSchema) {}
export class MergeQuestionBody extends createZodDto(mergeQuestionSchema) {}
export class ReleaseQuestionBody extends createZodDto(releaseQuestionSchema) {}
