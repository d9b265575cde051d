import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MIN_PASSWORD_LENGTH, MSG, RESET_REQUEST_ACCEPTED, RESET_SUCCESS } from '@brokerage/contracts';
import { Alert, FormErrorMessage, FormErrorScope, useFormErrors } from '@brokerage/ui';
import { useDocTitle } from '../../../components/PageTitle';
import { useLinkToken } from '../../../components/useLinkToken';
import { serverMessageOr, isTimeout } from '../../../api/http';
import { publicApi } from '../../../api/public';
import { AuthCard, EmailField, PasswordField, SubmitButton, useSubmitting } from './AuthParts';

export const REDIRECT_DELAY_MS = 3000;

/** Deviation 1: without a token the screen asks for the e-mail; the e-mailed link (?token=…) sets the new password. */
export default function ResetPasswordPage() {
  useDocTitle('Reset Password');
  const token = useLinkToken();
  return (
    <AuthCard
      title="Reset Password"
      links={
        <>
          <Link to="/login">Back to Login</Link>
          <Link to="/">Back to Home</Link>
        </>
      }
    >
      {token ? <SetNewPassword token={token} /> : <RequestLink />}
    </AuthCard>
  );
}

function failureText(err: unknown): string {
  if (isTimeout(err)) return MSG.loginTimeout;
  return serverMessageOr(err, MSG.resetFailed);
}

function RequestLink() {
  const [email, setEmail] = useState('');
  const errors = useFormErrors();
  const { busy, run } = useSubmitting((err) => errors.show(failureText(err)));
  const [done, setDone] = useState<string | null>(null);

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    errors.clear();
    if (!email.trim()) return errors.show('Email is required', ['email']);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return errors.show('Please enter a valid email address', ['email']);
    await run(async () => {
      const res = await publicApi.requestReset(email.trim());
      setDone(res && typeof res.message === 'string' && res.message ? res.message : RESET_REQUEST_ACCEPTED);
    });
  }

  if (done) return <Alert tone="success">{done}</Alert>;
  return (
    <FormErrorScope errors={errors}>
      <p className="pub-muted">Enter the e-mail address of your account. We will send you a link to choose a new password.</p>
      <FormErrorMessage errors={errors} />
      <form onSubmit={onSubmit} noValidate aria-label="Request a password reset link">
        <EmailField value={email} onValue={setEmail} />
        <SubmitButton busy={busy} busyText="Sending...">Send Reset Link</SubmitButton>
      </form>
    </FormErrorScope>
  );
}

function SetNewPassword({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const errors = useFormErrors();
  const { busy, run } = useSubmitting((err) => errors.show(failureText(err)));
  const [success, setSuccess] = useState(false);

  useEffect(() => {
    if (!success) return;
    const t = setTimeout(() => void navigate('/login'), REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [success, navigate]);

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    errors.clear();
    // the spec's order of checks: the first failing one speaks; every field that fails one is marked
    const checks: Array<[boolean, string, string[]]> = [
      [password !== confirm, 'Passwords do not match', ['confirm']],
      [password.length < MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters long', ['password']],
    ];
    const failing = checks.filter(([fails]) => fails);
    if (failing.length) return errors.show(failing[0]![1], [...new Set(failing.flatMap(([, , f]) => f))], { field: failing[0]![2][0] });
    await run(async () => {
      await publicApi.confirmReset(token, password);
      setSuccess(true);
    });
  }

  if (success) return <Alert tone="success">{RESET_SUCCESS}</Alert>;
  return (
    <FormErrorScope errors={errors}>
      <p className="pub-muted">Choose a new password of at least {MIN_PASSWORD_LENGTH} characters.</p>
      <FormErrorMessage errors={errors} />
      <form onSubmit={onSubmit} noValidate aria-label="Set a new password">
        <PasswordField label="New Password" name="password" autoComplete="new-password" value={password} onValue={setPassword} />
        <PasswordField label="Confirm New Password" name="confirm" autoComplete="new-password" value={confirm} onValue={setConfirm} />
        <SubmitButton busy={busy} busyText="Resetting...">Reset Password</SubmitButton>
      </form>
    </FormErrorScope>
  );
}
