import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

/**
 * Small local form controls (a label on every input, hint and invalid state wired with aria-*).
 * Local because @brokerage/ui had no published form components when this remote was written.
 */
interface BaseProps {
  label: string;
  hint?: ReactNode;
  required?: boolean;
  invalid?: boolean;
  className?: string;
}

function Label({ id, label, required }: { id: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={id} className="pub-label">
      {label}
      {required ? <span className="pub-req" aria-hidden="true"> *</span> : null}
    </label>
  );
}

type InputProps = BaseProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'required'>;

export const TextField = forwardRef<HTMLInputElement, InputProps>(function TextField(
  { label, hint, required, invalid, className, id, ...rest },
  ref,
) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <div className={`pub-field ${className ?? ''}`}>
      <Label id={fid} label={label} required={required} />
      <input
        ref={ref}
        id={fid}
        className="pub-input"
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? `${fid}-hint` : undefined}
        {...rest}
      />
      {hint ? <p id={`${fid}-hint`} className="pub-hint">{hint}</p> : null}
    </div>
  );
});

type AreaProps = BaseProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'required'>;

export const TextArea = forwardRef<HTMLTextAreaElement, AreaProps>(function TextArea(
  { label, hint, required, invalid, className, id, ...rest },
  ref,
) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <div className={`pub-field ${className ?? ''}`}>
      <Label id={fid} label={label} required={required} />
      <textarea
        ref={ref}
        id={fid}
        className="pub-input pub-textarea"
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? `${fid}-hint` : undefined}
        {...rest}
      />
      {hint ? <p id={`${fid}-hint`} className="pub-hint">{hint}</p> : null}
    </div>
  );
});

type SelectProps = BaseProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'required'> & { children: ReactNode };

export const SelectField = forwardRef<HTMLSelectElement, SelectProps>(function SelectField(
  { label, hint, required, invalid, className, id, children, ...rest },
  ref,
) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <div className={`pub-field ${className ?? ''}`}>
      <Label id={fid} label={label} required={required} />
      <select
        ref={ref}
        id={fid}
        className="pub-input pub-select"
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? `${fid}-hint` : undefined}
        {...rest}
      >
        {children}
      </select>
      {hint ? <p id={`${fid}-hint`} className="pub-hint">{hint}</p> : null}
    </div>
  );
});

type CheckProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode; invalid?: boolean };

export const CheckboxField = forwardRef<HTMLInputElement, CheckProps>(function CheckboxField(
  { label, invalid, id, className, ...rest },
  ref,
) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <div className={`pub-check ${className ?? ''}`}>
      <input ref={ref} id={fid} type="checkbox" aria-invalid={invalid || undefined} {...rest} />
      <label htmlFor={fid}>{label}</label>
    </div>
  );
});
