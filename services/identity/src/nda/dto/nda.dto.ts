import { ndaSubmissionSchema } from '@brokerage/contracts';
import { createZodDto } from '@brokerage/nest-common';

/** Body of POST /auth/nda-submit (spec part 1 §3). */
export class NdaSubmitBody extends createZodDto(ndaSubmissionSchema) {}
