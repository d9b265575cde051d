import {
  ddBuyerListingParamsSchema,
  ddDocTypeParamsSchema,
  ddIdParamsSchema,
  ddListingDocumentParamsSchema,
  ddListingParamsSchema,
  dueDiligenceDownloadSchema,
} from '@brokerage/contracts';
import { createZodDto } from '@brokerage/nest-common';

export class DdListingParams extends createZodDto(ddListingParamsSchema) {}
export class DdIdParams extends createZodDto(ddIdParamsSchema) {}
export class DdBuyerListingParams extends createZodDto(ddBuyerListingParamsSchema) {}
export class DdDocTypeParams extends createZodDto(ddDocTypeParamsSchema) {}
export class DdListingDocumentParams extends createZodDto(ddListingDocumentParamsSchema) {}
export class DdDownloadBody extends createZodDto(dueDiligenceDownloadSchema) {}
