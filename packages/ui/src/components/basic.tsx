import {
  forwardRef,
  useEffect,
  useId,
  useRef,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  type HTMLAttributes,
} from 'react';
import { mergeRefs, useFieldError, type FormErrorsState } from './field-errors.js';

const cx = (...c: Array<string | false | null | undefined>) => c.filter(Boolean).join(' ');
export { cx };

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'accent' | 'ghost' | 'danger';
  size?: 'md' | 'sm';
  block?: boolean;
  /** Shows a spinner and disables the button. */
  loading?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', block, loading, className, disabled, children, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cx('bb-btn', `bb-btn--${variant}`, size === 'sm' && 'bb-btn--sm', block && 'bb-btn--block', className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <span className="bb-spinner" style={{ width: '1rem', height: '1rem', borderWidth: 2 }} aria-hidden="true" />}
      {children}
    </button>
  );
});

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
  className?: string;
}

function FieldShell({ id, label, error, hint, required, children, className }: FieldShellProps) {
  return (
    <div className={cx('bb-field', className)}>
      <label className="bb-field__label" htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      {children}
      {hint && !error && (
        <span className="bb-field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      <FieldErrorText id={id} error={error} />
    </div>
  );
}

function RequiredMark() {
  return (
    <span className="bb-field__required" aria-hidden="true">
      *
    </span>
  );
}

function FieldErrorText({ id, error }: { id: string; error?: ReactNode }) {
  return error ? (
    <span className="bb-field__error" id={`${id}-error`} role="alert">
      {error}
    </span>
  ) : null;
}

function describedBy(id: string, error?: ReactNode, hint?: ReactNode) {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

function joinIds(...ids: Array<string | undefined>) {
  return ids.filter(Boolean).join(' ') || undefined;
}

/** Shared by the form controls: `error` shows its text under the control; `invalid` only marks it (form-level message). */
interface InvalidProps {
  error?: ReactNode;
  invalid?: boolean;
}

/**
 * A form control's id (given or generated), the error it shows (its own `error`, else the form scope's), its merged
 * ref, and the attributes that bind the element to its label, error and hint.
 */
function useControl<T>(
  { id, name, error, invalid, hint, required }: InvalidProps & { id?: string; name?: string; hint?: ReactNode; required?: boolean },
  ref: Ref<T>,
) {
  const auto = useId();
  const fid = id || auto;
  const fe = useFieldError(name);
  const shown = error || fe.message;
  const attrs = {
    id: fid,
    required,
    'aria-invalid': shown || invalid || fe.invalid ? true : undefined,
    'aria-describedby': joinIds(describedBy(fid, shown, hint), fe.describedBy),
  } as const;
  return { fid, shown, attrs, ref: mergeRefs(ref, fe.ref as Ref<T>) };
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement>, InvalidProps {
  label: ReactNode;
  hint?: ReactNode;
  /** Render a <textarea> instead of an <input>. */
  multiline?: boolean;
  rows?: number;
}

export const TextField = forwardRef<HTMLInputElement | HTMLTextAreaElement, TextFieldProps>(function TextField(
  { label, error, invalid, hint, id, className, required, multiline, rows, ...rest },
  ref,
) {
  const { fid, shown, attrs: common, ref: refs } = useControl({ id, name: rest.name, error, invalid, hint, required }, ref);
  return (
    <FieldShell id={fid} label={label} error={shown} hint={hint} required={required} className={className}>
      {multiline ? (
        <textarea
          ref={refs as Ref<HTMLTextAreaElement>}
          className="bb-textarea"
          rows={rows}
          {...common}
          {...(rest as unknown as TextareaHTMLAttributes<HTMLTextAreaElement>)}
        />
      ) : (
        <input ref={refs as Ref<HTMLInputElement>} className="bb-input" {...common} {...rest} />
      )}
    </FieldShell>
  );
});

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement>, InvalidProps {
  label: ReactNode;
  hint?: ReactNode;
  options?: Array<{ value: string; label: string } | string>;
  placeholder?: string;
}

export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { label, error, invalid, hint, id, className, required, options, placeholder, children, ...rest },
  ref,
) {
  const c = useControl({ id, name: rest.name, error, invalid, hint, required }, ref);
  return (
    <FieldShell id={c.fid} label={label} error={c.shown} hint={hint} required={required} className={className}>
      <select ref={c.ref} className="bb-select" {...c.attrs} {...rest}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options?.map((o) => {
          const v = typeof o === 'string' ? { value: o, label: o } : o;
          return (
            <option key={v.value} value={v.value}>
              {v.label}
            </option>
          );
        })}
        {children}
      </select>
    </FieldShell>
  );
});

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>, InvalidProps {
  label: ReactNode;
}

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, error, invalid, id, className, required, ...rest },
  ref,
) {
  const c = useControl({ id, name: rest.name, error, invalid, required }, ref);
  return (
    <div className={cx('bb-field', className)}>
      <label className="bb-check" htmlFor={c.fid}>
        <input ref={c.ref} type="checkbox" {...c.attrs} {...rest} />
        <span>
          {label}
          {required && <RequiredMark />}
        </span>
      </label>
      <FieldErrorText id={c.fid} error={c.shown} />
    </div>
  );
});

export interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  tone?: 'info' | 'success' | 'warning' | 'error';
  title?: ReactNode;
  /** Scroll the alert into view whenever its text changes (long forms: the message sits at the top). */
  reveal?: boolean;
}

export function Alert({ tone = 'info', title, reveal, children, className, ...rest }: AlertProps) {
  const live = tone === 'error' || tone === 'warning';
  const ref = useRef<HTMLDivElement>(null);
  const text = typeof children === 'string' ? children : undefined;
  useEffect(() => {
    const el = ref.current;
    if (!reveal || !el) return;
    const r = el.getBoundingClientRect();
    if (r.top < 120 || r.bottom > window.innerHeight) el.scrollIntoView({ block: 'center' });
  }, [reveal, text]);
  return (
    <div ref={ref} className={cx('bb-alert', `bb-alert--${tone}`, className)} role={live ? 'alert' : 'status'} {...rest}>
      <div>
        {title && <p className="bb-alert__title">{title}</p>}
        {children}
      </div>
    </div>
  );
}

/**
 * The form's field-error message above its fields (field-errors.tsx): an error Alert whose id the fields it is about
 * point at; nothing when the message sits beside its field.
 */
export function FormErrorMessage({ errors }: { errors: FormErrorsState }) {
  if (!errors.message || (errors.beside && errors.field)) return null;
  return (
    <Alert tone="error" reveal id={errors.messageId}>
      {errors.message}
    </Alert>
  );
}

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: 'neutral' | 'success' | 'warning' | 'danger' | 'info' | 'navy' | 'gold';
}

export function Badge({ tone = 'neutral', className, ...rest }: BadgeProps) {
  return <span className={cx('bb-badge', `bb-badge--${tone}`, className)} {...rest} />;
}

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  as?: 'section' | 'div' | 'article';
}

export function Card({ title, as: Tag = 'section', className, children, ...rest }: CardProps) {
  const id = useId();
  return (
    <Tag className={cx('bb-card', className)} aria-labelledby={title ? id : undefined} {...rest}>
      {title && (
        <h2 className="bb-card__title" id={id}>
          {title}
        </h2>
      )}
      {children}
    </Tag>
  );
}

/**
 * An agreement's text: the introduction, then its numbered clauses ("<title>. <text>"). The text itself comes from
 * packages/contracts (e.g. NDA_INTRO, NDA_CLAUSES) and is passed in, so it stays in the page's chunk, not the core entry.
 */
export function AgreementClauses({ intro, clauses }: { intro: ReactNode; clauses: ReadonlyArray<{ title: string; text: ReactNode }> }) {
  return (
    <>
      <p>{intro}</p>
      <ol>
        {clauses.map((c) => (
          <li key={c.title}>
            <strong>{c.title}.</strong> {c.text}
          </li>
        ))}
      </ol>
    </>
  );
}

export function Spinner({ label = 'Loading...', size = 'md' }: { label?: string; size?: 'md' | 'lg' }) {
  return (
    <span role="status" className="bb-row">
      <span className={cx('bb-spinner', size === 'lg' && 'bb-spinner--lg')} aria-hidden="true" />
      <span className="bb-sr-only">{label}</span>
    </span>
  );
}

/** A centred spinner with visible text, for whole-area loading states. */
export function Loading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="bb-center" role="status">
      <span className="bb-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export interface ProgressBarProps {
  /** 0..100 */
  value: number;
  label?: string;
  /** Optional step names shown under the bar. */
  steps?: Array<{ name: string; state?: string }>;
}

export function ProgressBar({ value, label = 'Progress', steps }: ProgressBarProps) {
  const v = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div>
      <div className="bb-progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={v}>
        <div className="bb-progress__bar" style={{ width: `${v}%` }} />
      </div>
      {steps && (
        <div className="bb-progress-labels" aria-hidden="true">
          {steps.map((s) => (
            <span key={s.name} data-state={s.state}>
              {s.name}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}

/** "Step N of 11" */
export function StepBadge({ step, total = 11 }: { step: number; total?: number }) {
  return (
    <Badge tone="navy">
      Step {step} of {total}
    </Badge>
  );
}

/** Full-screen overlay (session restore: 'Restoring your session...'). */
export function FullScreenOverlay({ message }: { message: string }) {
  return (
    <div className="bb-overlay" role="alertdialog" aria-modal="true" aria-live="assertive" aria-label={message}>
      <span className="bb-spinner bb-spinner--lg" aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}
