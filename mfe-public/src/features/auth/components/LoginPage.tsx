import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSession } from '@brokerage/api-client';
import { loginRequestSchema, MSG, normalizeRole, ROLE_HOME, type LoginRequest } from '@brokerage/contracts';
import { Alert } from '../../../components/Alert';
import { TextField } from '../../../components/Field';
import { useDocTitle } from '../../../components/PageTitle';
import { firstErrorMessage } from '../../../components/firstError';
import { ApiError, isTimeout } from '../../../api/http';
import { publicApi } from '../../../api/public';

export function loginErrorMessage(err: unknown): string {
  if (isTimeout(err)) return MSG.loginTimeout;
  // apiFetch carries the server's message, else our fallback 'Login failed'.
  if (err instanceof ApiError) return err.message || MSG.loginFailed;
  return MSG.somethingWrong;
}

export default function LoginPage() {
  useDocTitle('Sign In');
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest>({ resolver: zodResolver(loginRequestSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(
    async (values) => {
      setError(null);
      try {
        const res = await publicApi.login(values.email.trim(), values.password);
        const rawRole = res.role ?? res.user?.role;
        const role = normalizeRole(rawRole);
        if (!role) {
          setError(MSG.invalidRole(String(rawRole)));
          return;
        }
        useSession.getState().setSession(res);
        navigate(ROLE_HOME[role], { replace: true });
      } catch (err) {
        setError(loginErrorMessage(err));
      }
    },
    (errs) => setError(firstErrorMessage(errs, ['email', 'password'])),
  );

  return (
    <div className="pub-auth">
      <div className="pub-auth-card">
        <h1>Sign In</h1>
        <p className="pub-muted">Sign in to your client portal.</p>
        {error ? <Alert kind="error">{error}</Alert> : null}
        <form onSubmit={onSubmit} noValidate aria-label="Sign in">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            invalid={!!errors.email}
            {...register('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            invalid={!!errors.password}
            {...register('password')}
          />
          <button type="submit" className="pub-btn pub-btn-primary pub-btn-block" disabled={isSubmitting}>
            {isSubmitting ? 'Signing in...' : 'Sign In'}
          </button>
        </form>
        <div className="pub-auth-links">
          <Link to="/reset-password">Forgot password?</Link>
          <Link to="/">Back to Home</Link>
        </div>
      </div>
    </div>
  );
}
