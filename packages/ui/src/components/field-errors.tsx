import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';

/**
 * Field errors, one behaviour for every form (deviation 9): the spec's rule stays — the first failing check shows its
 * message, exact text — and every invalid field is marked too (aria-invalid="true" and its outline), the field the
 * message is about is described by it (aria-describedby) and takes the focus.
 *
 *   const fe = useFormErrors();                  // or useFormErrors({ beside: true }): the message under its field
 *   fe.show(message, ['email', 'password']);     // the message; every invalid field, in order; the first is focused
 *   <FormErrorScope errors={fe}>                 // TextField / Select / Checkbox inside mark themselves by `name`
 *     <FormErrorMessage errors={fe} />           // (basic.tsx) the message as an error Alert, unless beside its field
 *     …fields…
 *   </FormErrorScope>
 *
 * react-hook-form: `invalidFields(errors)` lists the fields its resolver found invalid (nested names dotted).
 * A message with no field (a server answer) is `fe.show(text)`: shown, nothing marked.
 */
export interface FormErrorsState {
  message: string | null;
  /** Every invalid field's name, in the form's order. */
  fields: readonly string[];
  /** The field the message is about (focused; described by the message). */
  field: string | null;
  /** Fields the message also describes (e.g. "Please fill in all required fields" describes every empty one). */
  describes: readonly string[];
  /** The message is shown under its field, not above the form. */
  beside: boolean;
  /** The message element's id (aria-describedby). */
  messageId: string;
  /** Bumped by each show(): the focus moves once per failed submit, not on every render. */
  seq: number;
}

export interface ShowOptions {
  /** The field the message is about; default the first of `fields`. */
  field?: string | null;
  /** Other invalid fields the message describes too. */
  describes?: readonly string[];
}

export interface FormErrors extends FormErrorsState {
  show(message: string, fields?: readonly string[], options?: ShowOptions): void;
  clear(): void;
}

const Ctx = createContext<FormErrorsState | null>(null);

export function useFormErrors({ beside = false }: { beside?: boolean } = {}): FormErrors {
  const messageId = useId();
  const [s, set] = useState<Pick<FormErrorsState, 'message' | 'fields' | 'field' | 'describes' | 'seq'>>({
    message: null,
    fields: [],
    field: null,
    describes: [],
    seq: 0,
  });
  const show = useCallback((message: string, fields: readonly string[] = [], options: ShowOptions = {}) => {
    const field = options.field === undefined ? (fields[0] ?? null) : options.field;
    const all = field && !fields.includes(field) ? [field, ...fields] : [...fields];
    set((prev) => ({ message, fields: all, field, describes: options.describes ?? [], seq: prev.seq + 1 }));
  }, []);
  const clear = useCallback(
    () => set((prev) => (prev.message === null && prev.fields.length === 0 ? prev : { message: null, fields: [], field: null, describes: [], seq: prev.seq })),
    [],
  );
  return useMemo(() => ({ ...s, beside, messageId, show, clear }), [s, beside, messageId, show, clear]);
}

/** Gives the form's fields the current errors (they mark themselves by their `name`). */
export function FormErrorScope({ errors, children }: { errors: FormErrorsState; children: ReactNode }) {
  return <Ctx.Provider value={errors}>{children}</Ctx.Provider>;
}

/** What a field control needs: whether it is invalid, what describes it, the message to show under it, a focus ref. */
export interface FieldErrorBinding {
  invalid: boolean;
  /** The id of the form's message when it is about this field (and shown above the form). */
  describedBy: string | undefined;
  /** The message, when it is shown under this field (beside mode). */
  message: string | undefined;
  ref: Ref<HTMLElement>;
}

/** A control's share of the form's errors (TextField, Select, Checkbox use it; custom controls may too). */
export function useFieldError(name: string | undefined): FieldErrorBinding {
  const ctx = useContext(Ctx);
  const el = useRef<HTMLElement | null>(null);
  const invalid = !!(ctx && name && ctx.fields.includes(name));
  const isMessageField = !!(ctx?.message && name && ctx.field === name);
  const described = !!(ctx?.message && name && (isMessageField || ctx.describes.includes(name)));
  const focusKey = ctx && name && ctx.field === name ? ctx.seq : 0;
  useEffect(() => {
    if (focusKey) el.current?.focus();
  }, [focusKey]);
  return {
    invalid,
    describedBy: described && !(ctx?.beside && isMessageField) ? ctx!.messageId : undefined,
    message: ctx?.beside && isMessageField ? (ctx.message ?? undefined) : undefined,
    ref: el,
  };
}

/** The names react-hook-form's resolver found invalid, in its order, nested ones dotted ('privateSeller.email'). */
export function invalidFields(errors: object, prefix = ''): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object' || key === 'ref') continue;
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof (value as { message?: unknown }).message === 'string' || typeof (value as { type?: unknown }).type === 'string') out.push(name);
    else out.push(...invalidFields(value as object, name));
  }
  return out;
}

/** Sets several refs from one (a control's own ref and the forwarded one, e.g. react-hook-form's register). */
export function mergeRefs<T>(...refs: Array<Ref<T> | undefined>): (node: T | null) => void {
  return (node) => {
    for (const r of refs) {
      if (typeof r === 'function') r(node);
      else if (r) (r as { current: T | null }).current = node;
    }
  };
}
