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

/**
 * Shows a react-hook-form validation failure (deviation 9): `message` (the spec's text the form chose), every invalid
 * field marked in the form's order, the first field whose own check gave that message focused, and every field with
 * that same message described by it ("Please fill in all required fields." describes each empty field).
 */
export function showFieldErrors<T extends FieldValues>(
  fe: { show(message: string, fields?: readonly string[], options?: { field?: string | null; describes?: readonly string[] }): void },
  errors: FieldErrors<T>,
  order: readonly string[],
  message: string,
): void {
  const all = errors as Record<string, { message?: unknown } | undefined>;
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  const fields = Object.keys(all)
    .filter((k) => all[k])
    .sort((a, b) => rank(a) - rank(b));
  const same = fields.filter((k) => all[k]?.message === message);
  fe.show(message, fields, { field: same[0] ?? fields[0] ?? null, describes: same });
}
