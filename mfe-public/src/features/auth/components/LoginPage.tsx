import { useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { normalizeRole, useSession } from '@brokerage/api-client';
import { signInDestination } from '@brokerage/contracts/roles';
import { MSG } from '@brokerage/contracts/messages';
import { FormErrorMessage, FormErrorScope, useFormErrors } from '@brokerage/ui';
import { useDocTitle } from '../../../components/PageTitle';
import { ApiError, isTimeout, serverMessageOr } from '../../../api/http';
import { publicApi } from '../../../api/public';
import { AuthCard, EmailField, PasswordField, SubmitButton, useSubmitting } from './AuthParts';

export function loginErrorMessage(err: unknown): string {
  if (isTimeout(err)) return MSG.loginTimeout;
  // a refusal in the server's words ("Invalid email or password"), else 'Login failed' (a 5xx, no answer)
  if (err instanceof ApiError) return serverMessageOr(err, MSG.loginFailed);
  return MSG.somethingWrong;
}

// The contracts' login schema (zod) loads when the visitor starts typing, not with the page: /login's first load
// stays within its budget, and the messages still come from packages/contracts.
const loadSchema = () => import('@brokerage/contracts/auth').then((m) => m.loginRequestSchema);

export default function LoginPage() {
  useDocTitle('Sign In');
  const navigate = useNavigate();
  // The page the role guard (or an ended session) sent the visitor here from; checked against the role at sign-in.
  const requested = (useLocation().state as { from?: unknown } | null)?.from;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // The first failing check's message (or the server's answer); every invalid field marked, the first focused.
  const errors = useFormErrors();
  const { busy, run } = useSubmitting((err) => errors.show(loginErrorMessage(err)));
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // The page is prerendered: what a visitor typed before hydration is in the DOM but not in state, and the next
  // render would reset the controlled inputs to ''. Take it into state once, before the first paint.
  useLayoutEffect(() => {
    if (emailRef.current?.value) setEmail(emailRef.current.value);
    if (passwordRef.current?.value) setPassword(passwordRef.current.value);
  }, []);

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    errors.clear();
    await run(async () => {
      const schema = await loadSchema();
      const parsed = schema.safeParse({ email, password });
      if (!parsed.success) {
        const issues = parsed.error.issues;
        const fields = [...new Set(issues.map((i) => (i.path[0] === 'password' ? 'password' : 'email')))];
        errors.show(issues[0]?.message ?? MSG.somethingWrong, fields);
        return;
      }
      const res = await publicApi.login(parsed.data.email, parsed.data.password);
      const rawRole = res.role ?? res.user?.role;
      const role = normalizeRole(rawRole);
      if (!role) {
        errors.show(MSG.invalidRole(String(rawRole)));
        return;
      }
      useSession.getState().setSession(res);
      void navigate(signInDestination(role, requested), { replace: true });
    });
  }

  // method="post": a form submitted before the page is hydrated (or with JavaScript off) never puts the password
  // in the address bar, the history or a server log.
  return (
    <AuthCard
      title="Sign In"
      links={
        <>
          <Link to="/reset-password">Forgot password?</Link>
          <Link to="/">Back to Home</Link>
        </>
      }
    >
      <p className="pub-muted">Sign in to your client portal.</p>
      <FormErrorScope errors={errors}>
        <FormErrorMessage errors={errors} />
        <form method="post" onSubmit={onSubmit} onFocus={() => void loadSchema()} noValidate aria-label="Sign in">
          <EmailField ref={emailRef} value={email} onValue={setEmail} />
          <PasswordField ref={passwordRef} label="Password" name="password" autoComplete="current-password" value={password} onValue={setPassword} />
          <SubmitButton busy={busy} busyText="Signing in...">Sign In</SubmitButton>
        </form>
      </FormErrorScope>
    </AuthCard>
  );
}
