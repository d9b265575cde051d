import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC_KEY = 'brokerage:isPublic';

/** The route needs no identity; a valid identity, when present, is still attached to the request. */
export const Public = () => SetMetadata(IS_PUBLIC_KEY, true);
