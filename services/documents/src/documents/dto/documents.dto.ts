import {
  activityQuerySchema,
  docBuyerListingParamsSchema,
  docListingParamsSchema,
  documentTagBodySchema,
  documentIdParamsSchema,
  documentPermissionBodySchema,
  downloadAgentDocumentSchema,
  downloadQuerySchema,
  idDocumentParamsSchema,
  listingDocumentParamsSchema,
  optionalListingQuerySchema,
  revocationBodySchema,
  staffDocumentsQuerySchema,
  stepDownloadSchema,
  stepParamsSchema,
  stepUploadSchema,
} from '@brokerage/contracts';
import { createZodDto } from '@brokerage/nest-common';

export class ListingParams extends createZodDto(docListingParamsSchema) {}
export class DocumentParams extends createZodDto(documentIdParamsSchema) {}
export class IdDocumentParams extends createZodDto(idDocumentParamsSchema) {}
export class ListingDocumentParams extends createZodDto(listingDocumentParamsSchema) {}
export class BuyerListingParams extends createZodDto(docBuyerListingParamsSchema) {}
export class StepParams extends createZodDto(stepParamsSchema) {}
export class OptionalListingQuery extends createZodDto(optionalListingQuerySchema) {}
export class StaffDocumentsQuery extends createZodDto(staffDocumentsQuerySchema) {}
export class ActivityQuery extends createZodDto(activityQuerySchema) {}
export class DownloadAgentDocumentBody extends createZodDto(downloadAgentDocumentSchema) {}
export class StepUploadBody extends createZodDto(stepUploadSchema) {}
export class StepDownloadBody extends createZodDto(stepDownloadSchema) {}
export class DownloadQuery extends createZodDto(downloadQuerySchema) {}
export class DocumentTagBody extends createZodDto(documentTagBodySchema) {}
export class DocumentPermissionBody extends createZodDto(documentPermissionBodySchema) {}
export class RevocationBody extends createZodDto(revocationBodySchema) {}
