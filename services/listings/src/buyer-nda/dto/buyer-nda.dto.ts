import { ndaBodySchema } from '@brokerage/contracts';
import { createZodDto } from '@brokerage/nest-common';

/** POST /buyer/nda/save|submit {nda}. */
export class NdaBody extends createZodDto(ndaBodySchema) {}
