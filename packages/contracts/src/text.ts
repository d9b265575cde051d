import { z } from 'zod';

/** Required text: a missing, non-string or blank value all answer the same spec message. */
export const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

/** Optional free text, bounded. */
export const optionalText = z.string().trim().max(2000).optional().nullable();
