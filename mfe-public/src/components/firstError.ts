import type { FieldErrors, FieldValues } from 'react-hook-form';

/** The message of the first failing field, in the form's field order (the spec shows one message at a time). */
export function firstErrorMessage<T extends FieldValues>(errors: FieldErrors<T>, order: readonly string[]): string | null {
  for (const k of order) {
    const e = (errors as Record<string, { message?: unknown } | undefined>)[k];
    if (e && typeof e.message === 'string' && e.message) return e.message;
  }
  for (const e of Object.values(errors as Record<string, { message?: unknown } | undefined>)) {
    if (e && typeof e.message === 'string' && e.message) return e.message;
  }
  return null;
}
