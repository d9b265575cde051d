import { pdfJobQuerySchema, pdfJobSchema } from '@brokerage/contracts';
import { createZodDto } from '@brokerage/nest-common';

/** POST /internal/pdf-jobs */
export class PdfJobBody extends createZodDto(pdfJobSchema) {}
/** GET /internal/pdf-jobs?key=… */
export class PdfJobQuery extends createZodDto(pdfJobQuerySchema) {}
