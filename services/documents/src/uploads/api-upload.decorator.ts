import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import { ALLOWED_EXTENSIONS, DOCUMENT_PERMISSIONS, DOCUMENT_TAG_MAX, DOCUMENT_TAG_SETS, DOCUMENT_TYPES, UPLOAD_LIMITS, uploadResponseSchema } from '@brokerage/contracts';
import { ApiZodResponse } from '@brokerage/nest-common';

/** Documents a multipart upload route in /openapi.json: the text fields (sent before the files) and the files. */
export function ApiUpload(fields: Array<'documentType' | 'stepId' | 'buyerId' | 'audience' | 'listingId' | 'tag' | 'permission'>, note = '') {
  const props: Record<string, object> = {
    documentType: { type: 'string', enum: [...DOCUMENT_TYPES] },
    stepId: { type: 'integer', minimum: 0, maximum: 10 },
    buyerId: { type: 'string', format: 'uuid', description: 'related buyer (a party of the listing): the document is for that buyer alone' },
    audience: { type: 'string', enum: ['SELLER', 'BUYERS', 'ALL'], description: "overrides the type's default audience" },
    listingId: { type: 'string', format: 'uuid', description: 'the listing when it is not the selected one' },
    permission: { type: 'string', enum: [...DOCUMENT_PERMISSIONS], description: 'staff: what buyers may do with the files (default VIEW_AND_DOWNLOAD; VIEW_ONLY: no download for buyers)' },
    tag: {
      type: 'string',
      maxLength: DOCUMENT_TAG_MAX,
      description: 'which requested document the files are: a seller\'s FINANCIAL_DOCUMENTS take a SELLER_FINANCIAL_DOCUMENTS key, a buyer\'s UPLOADED_DOC a BUYER_REQUESTED_DOCUMENTS key; must come before the files',
      enum: Object.values(DOCUMENT_TAG_SETS).flatMap((set) => set.map((i) => i.key)),
    },
  };
  return applyDecorators(
    ApiConsumes('multipart/form-data'),
    ApiBody({
      description:
        `Text fields first, then 1-${UPLOAD_LIMITS.maxFiles} files (any field name), each at most 25 MB by default. ` +
        `Agreements and contracts: ${ALLOWED_EXTENSIONS.AGREEMENT.join(' ')}; other documents: ${ALLOWED_EXTENSIONS.DOCUMENTS.join(' ')}; ` +
        `the content must match the extension. All or nothing: one refused file stores none. ${note}`,
      schema: {
        type: 'object',
        properties: {
          ...Object.fromEntries(fields.map((f) => [f, props[f]])),
          file: { type: 'array', items: { type: 'string', format: 'binary' } },
        },
        required: ['file'],
      },
    }),
    ApiZodResponse(201, uploadResponseSchema),
  );
}
