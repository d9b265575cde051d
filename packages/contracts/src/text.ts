import { z } from 'zod';

/** Upper bounds of free text (characters): every string the API accepts has one, so nothing over-long reaches the database. */
export const TEXT_MAX = {
  name: 100,
  email: 320,
  phone: 50,
  short: 200,
  text: 2000,
  message: 5000,
  password: 1024,
  token: 512,
  id: 64,
} as const;

/** "<Label> must be at most <max> characters": the 400 message of an over-long field. */
export const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** Required text: a missing, non-string or blank value all answer the same spec message. */
export const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

/** Optional free text, bounded. */
export const optionalText = z.string().trim().max(TEXT_MAX.text, tooLong('Each answer', TEXT_MAX.text)).optional().nullable();

/**
 * 400 texts of input no route accepts, checked once at every service's edge (nest-common `http/hostile-input.ts`):
 * PostgreSQL refuses NUL in text, a lone UTF-16 surrogate is not text, deep nesting and prototype keys are attacks.
 */
export const INPUT_MSG = {
  nul: 'Text must not contain NUL characters',
  loneSurrogate: 'Text must be valid Unicode (it contains a lone surrogate character)',
  tooDeep: 'The request is nested too deeply',
  reservedKey: 'Field names __proto__, constructor and prototype are not allowed',
} as const;

/** Deepest nesting of objects/arrays a request body or query may have (the deepest real form is 4 levels). */
export const INPUT_MAX_DEPTH = 32;
