import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import { QUESTION_ATTACHMENT_EXTENSIONS, QUESTION_LIMITS, questionResponseSchema } from '@brokerage/contracts';
import { ApiZodResponse } from '@brokerage/nest-common';

/** Documents an answer in /openapi.json: {text} as JSON, or multipart with the text first and optional files. */
export function ApiAnswerBody() {
  const text = { type: 'string', minLength: 1, maxLength: QUESTION_LIMITS.answerMaxChars };
  return applyDecorators(
    ApiConsumes('application/json', 'multipart/form-data'),
    ApiBody({
      description: `{text} as JSON, or multipart: the text field first, then up to ${QUESTION_LIMITS.maxAttachments} files (${QUESTION_ATTACHMENT_EXTENSIONS.join(' ')}; content must match). All or nothing.`,
      schema: {
        type: 'object',
        required: ['text'],
        properties: { text, file: { type: 'array', items: { type: 'string', format: 'binary' }, maxItems: QUESTION_LIMITS.maxAttachments } },
      },
    }),
    ApiZodResponse(200, questionResponseSchema),
  );
}
