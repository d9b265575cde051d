import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { BUYER_PROFILE_FIELDS, firstRegistrationError, MSG, type RegistrationPayload } from '@brokerage/contracts';
import { PageHeader } from '../../../components/PageTitle';
import { Alert, TextField } from '@brokerage/ui';
import { FIRM, REGISTRATION } from '../../../content';
import { isNetworkFailure, serverMessage } from '../../../api/http';
import { registerAccount } from '../api';
import { SuccessCard } from '../../../components/SuccessCard';
import { CityStateZip } from '../../../components/CityStateZip';

export const REDIRECT_DELAY_MS = 3000;

type FormValues = Record<keyof RegistrationPayload, string>;

const EMPTY: FormValues = {
  name: '', email: '', phone: '', password: '', confirmPassword: '', role: '',
  workingWithRepresentative: '', interestedInSpecificBusiness: '', availableFunds: '', fundsSources: '',
  minimumMoneyNeeded: '', totalPriceWilling: '', lookingToBuyLocation: '', address: '', streetAddress: '',
  city: '', state: '', zipCode: '',
};

/** Which field each of the eight messages points at (for focus and aria-invalid). */
const FIELD_OF: Record<string, keyof FormValues> = {
  'Name is required': 'name',
  'Email is required': 'email',
  'Please enter a valid email address': 'email',
  'Phone number is required': 'phone',
  'Password is required': 'password',
  'Password must be at least 6 characters long': 'password',
  'Passwords do not match': 'confirmPassword',
  'Please select whether you are a buyer or seller': 'role',
};

function Success() {
  const navigate = useNavigate();
  useEffect(() => {
    const t = setTimeout(() => navigate('/login'), REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [navigate]);
  return (
    <SuccessCard title={REGISTRATION.successTitle} text={REGISTRATION.successText}>
      <Link to="/login" className="pub-btn pub-btn-primary">Go to Login</Link>
    </SuccessCard>
  );
}

export default function RegistrationPage() {
  const [error, setError] = useState<string | null>(null);
  const [badField, setBadField] = useState<keyof FormValues | null>(null);
  const [done, setDone] = useState(false);
  const { register, handleSubmit, watch, formState: { isSubmitting } } = useForm<FormValues>({
    defaultValues: EMPTY,
  });
  const role = watch('role');

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    setBadField(null);
    const msg = firstRegistrationError(values);
    if (msg) {
      setError(msg);
      const f = FIELD_OF[msg] ?? null;
      setBadField(f);
      if (f && f !== 'role') document.getElementsByName(f)[0]?.focus({ preventScroll: true });
      return;
    }
    const payload: RegistrationPayload = {
      ...values,
      name: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      role: values.role.toUpperCase(),
      // the buyer-only answers are hidden for a seller: what was typed there before the switch is not sent
      ...(values.role.toUpperCase() === 'SELLER' ? Object.fromEntries(BUYER_PROFILE_FIELDS.map((k) => [k, ''])) : {}),
    };
    try {
      await registerAccount(payload);
      setDone(true);
    } catch (err) {
      setError(isNetworkFailure(err) ? MSG.somethingWrongTryAgain : serverMessage(err, MSG.registrationFailed));
    }
  });

  if (done) return <Success />;

  const inv = (f: keyof FormValues) => badField === f;

  return (
    <>
      <PageHeader docTitle="Registration" title={REGISTRATION.title} lead={REGISTRATION.intro} />
      <section className="pub-section">
        <div className="pub-container pub-narrow">
          <div className="pub-notice" role="note">
            <strong>Selling a business?</strong> {REGISTRATION.sellerNotice}{' '}
            <a href={FIRM.phoneHref}>Call {FIRM.phone}</a>
          </div>
          <form method="post" onSubmit={onSubmit} noValidate className="pub-panel" aria-label="Registration">
            {error ? <Alert tone="error" reveal>{error}</Alert> : null}
            <fieldset className="pub-fieldset pub-role" aria-invalid={inv('role') || undefined}>
              <legend>I am registering as a <span className="pub-req" aria-hidden="true">*</span></legend>
              <div className="pub-role-options">
                <label className={`pub-role-option ${role === 'BUYER' ? 'is-selected' : ''}`}>
                  <input type="radio" value="BUYER" {...register('role')} />
                  <span><strong>BUYER</strong><small>I want to buy a business</small></span>
                </label>
                <label className={`pub-role-option ${role === 'SELLER' ? 'is-selected' : ''}`}>
                  <input type="radio" value="SELLER" {...register('role')} />
                  <span><strong>SELLER</strong><small>I want to sell my business</small></span>
                </label>
              </div>
              {role === 'SELLER' ? (
                <Alert tone="info">
                  Please call the broker at <a href={FIRM.phoneHref}>{FIRM.phone}</a> before you register: your broker may
                  already have registered you.
                </Alert>
              ) : null}
            </fieldset>

            <fieldset className="pub-fieldset">
              <legend>Required information</legend>
              <TextField label="Full Name" autoComplete="name" required invalid={inv('name')} {...register('name')} />
              <div className="pub-grid-2">
                <TextField label="Email" type="email" autoComplete="email" required invalid={inv('email')} {...register('email')} />
                <TextField label="Phone" type="tel" autoComplete="tel" required invalid={inv('phone')} {...register('phone')} />
                <TextField
                  label="Password"
                  type="password"
                  autoComplete="new-password"
                  required
                  hint="At least 6 characters."
                  invalid={inv('password')}
                  {...register('password')}
                />
                <TextField
                  label="Confirm Password"
                  type="password"
                  autoComplete="new-password"
                  required
                  invalid={inv('confirmPassword')}
                  {...register('confirmPassword')}
                />
              </div>
            </fieldset>

            <fieldset className="pub-fieldset">
              <legend>Optional information</legend>
              <p className="pub-muted">These details help your broker prepare for the first conversation.</p>
              <TextField
                label="Are you working with a representative (broker, agent or attorney)?"
                {...register('workingWithRepresentative')}
              />
              {role !== 'SELLER' ? (
                <>
                  <TextField multiline
                    label="Are you interested in a specific business? Which one?"
                    rows={2}
                    {...register('interestedInSpecificBusiness')}
                  />
                  <div className="pub-grid-2">
                    <TextField label="Available funds for a purchase" inputMode="decimal" {...register('availableFunds')} />
                    <TextField label="Sources of funds (savings, SBA loan, partners…)" {...register('fundsSources')} />
                    <TextField label="Minimum income you need from the business" inputMode="decimal" {...register('minimumMoneyNeeded')} />
                    <TextField label="Total price you are willing to pay" inputMode="decimal" {...register('totalPriceWilling')} />
                  </div>
                  <TextField label="Where are you looking to buy?" {...register('lookingToBuyLocation')} />
                </>
              ) : null}
              <TextField label="Street Address" autoComplete="address-line1" {...register('streetAddress')} />
              <TextField label="Address line 2 (suite, unit)" autoComplete="address-line2" {...register('address')} />
              <CityStateZip city={register('city')} state={register('state')} zipCode={register('zipCode')} />
            </fieldset>

            <button type="submit" className="pub-btn pub-btn-primary pub-btn-block" disabled={isSubmitting}>
              {isSubmitting ? 'Registering...' : 'Register'}
            </button>
            <p className="pub-center pub-muted">
              Already have an account? <Link to="/login">Sign in</Link>
            </p>
          </form>
        </div>
      </section>
    </>
  );
}
