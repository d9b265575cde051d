import { useState, type ReactNode, type Ref } from 'react';
import { TextField } from '@brokerage/ui';

/** The sign-in and reset screens' frame: a centred card with its heading, the form, and the links under it. */
export function AuthCard({ title, links, children }: { title: string; links: ReactNode; children: ReactNode }) {
  return (
    <div className="pub-auth">
      <div className="pub-auth-card">
        <h1>{title}</h1>
        {children}
        <div className="pub-auth-links">{links}</div>
      </div>
    </div>
  );
}

/** The form's one full-width submit button; while the request runs it is disabled and says so (`busyText`). */
export function SubmitButton({ busy, busyText, children }: { busy: boolean; busyText: string; children: ReactNode }) {
  return (
    <button type="submit" className="pub-btn pub-btn-primary pub-btn-block" disabled={busy}>
      {busy ? busyText : children}
    </button>
  );
}

interface BoundFieldProps {
  value: string;
  onValue: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}

/** The account e-mail field (required, autofilled as the e-mail). */
export function EmailField({ value, onValue, ref }: BoundFieldProps) {
  return (
    <TextField ref={ref} label="Email" type="email" name="email" autoComplete="email" required value={value} onChange={(e) => onValue(e.target.value)} />
  );
}

/** A required password field: the current one at sign-in, a new one at reset (`autoComplete` tells the password manager). */
export function PasswordField({ label, name, autoComplete, value, onValue, ref }: BoundFieldProps & { label: string; name: string; autoComplete: 'current-password' | 'new-password' }) {
  return (
    <TextField ref={ref} label={label} type="password" name={name} autoComplete={autoComplete} required value={value} onChange={(e) => onValue(e.target.value)} />
  );
}

/** A submit's request, one at a time: `busy` while it runs, its failure handed to `onError`. */
export function useSubmitting(onError: (err: unknown) => void) {
  const [busy, setBusy] = useState(false);
  async function run(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}
