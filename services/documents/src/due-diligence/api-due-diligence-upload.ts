import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import { DUE_DILIGENCE_DOCUMENT_NAMES, DUE_DILIGENCE_EXTENSIONS, dueDiligenceUploadResponseSchema } from '@brokerage/contracts';
import { ApiZodResponse } from '@brokerage/nest-common';

type Field = 'documentName' | 'documentType' | 'stepId' | 'buyerId' | 'listingId';

/** Documents a due-diligence multipart upload in /openapi.json: text fields first, then the files. */
export function ApiDueDiligenceUpload(fields: Field[], note: string) {
  const props: Record<Field, object> = {
    documentName: { type: 'string', enum: [...DUE_DILIGENCE_DOCUMENT_NAMES] },
    documentType: { type: 'string', enum: ['DUE_DILIGENCE'], default: 'DUE_DILIGENCE' },
    stepId: { type: 'integer', enum: [7], default: 7 },
    buyerId: { type: 'string', format: 'uuid', description: 'the buyer (a party of the listing) the file is for' },
    listingId: { type: 'string', format: 'uuid', description: 'the listing when it is not the selected one' },
  };
  return applyDecorators(
    ApiConsumes('multipart/form-data'),
    ApiBody({
      description: `Text fields first, then the files (${DUE_DILIGENCE_EXTENSIONS.join(' ')}; content must match). All or nothing. ${note}`,
      schema: {
        type: 'object',
        properties: { ...Object.fromEntries(fields.map((f) => [f, props[f]])), file: { type: 'array', items: { type: 'string', format: 'binary' } } },
        required: ['file'],
      },
    }),
    ApiZodResponse(201, dueDiligenceUploadResponseSchema),
  );
}
