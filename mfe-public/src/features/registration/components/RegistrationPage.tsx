import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useForm, type UseFormRegister } from 'react-hook-form';
import { BUYER_PROFILE_FIELDS, MSG, registrationErrors, type RegistrationPayload } from '@brokerage/contracts';
import { PageHeader } from '../../../components/PageTitle';
import { Alert, FormErrorMessage, FormErrorScope, mergeRefs, TextField, useFieldError, useFormErrors } from '@brokerage/ui';
import { FIRM, REGISTRATION } from '../../../content';
import { isNetworkFailure, serverMessageOr } from '../../../api/http';
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

function Success() {
  const navigate = useNavigate();
  useEffect(() => {
    const t = setTimeout(() => void navigate('/login'), REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [navigate]);
  return (
    <SuccessCard title={REGISTRATION.successTitle} text={REGISTRATION.successText}>
      <Link to="/login" className="pub-btn pub-btn-primary">Go to Login</Link>
    </SuccessCard>
  );
}

/** The role radios: one fieldset, marked (and its first radio focused) when no role is chosen. */
function RoleChoice({ role, register }: { role: string; register: UseFormRegister<FormValues> }) {
  const fe = useFieldError('role');
  const { ref, ...field } = register('role');
  return (
    <fieldset className="pub-fieldset pub-role" aria-invalid={fe.invalid || undefined} aria-describedby={fe.describedBy}>
      <legend>I am registering as a <span className="pub-req" aria-hidden="true">*</span></legend>
      <div className="pub-role-options">
        <label className={`pub-role-option ${role === 'BUYER' ? 'is-selected' : ''}`}>
          <input type="radio" value="BUYER" {...field} ref={mergeRefs(ref, fe.ref)} />
          <span><strong>BUYER</strong><small>I want to buy a business</small></span>
        </label>
        <label className={`pub-role-option ${role === 'SELLER' ? 'is-selected' : ''}`}>
          <input type="radio" value="SELLER" {...field} ref={ref} />
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
  );
}

export default function RegistrationPage() {
  // The first failing check's message (spec order), every invalid field marked, the first focused (deviation 9).
  const errors = useFormErrors();
  const [done, setDone] = useState(false);
  const { register, handleSubmit, watch, formState: { isSubmitting } } = useForm<FormValues>({
    defaultValues: EMPTY,
  });
  const role = watch('role');

  const onSubmit = handleSubmit(async (values) => {
    errors.clear();
    const failing = registrationErrors(values);
    if (failing.length) {
      errors.show(failing[0]!.message, failing.map((f) => f.field));
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
      errors.show(isNetworkFailure(err) ? MSG.somethingWrongTryAgain : serverMessageOr(err, MSG.registrationFailed));
    }
  });

  if (done) return <Success />;

  return (
    <>
      <PageHeader docTitle="Registration" title={REGISTRATION.title} lead={REGISTRATION.intro} />
      <section className="pub-section">
        <div className="pub-container pub-narrow">
          <div className="pub-notice" role="note">
            <strong>Selling a business?</strong> {REGISTRATION.sellerNotice}{' '}
            <a href={FIRM.phoneHref}>Call {FIRM.phone}</a>
          </div>
          <FormErrorScope errors={errors}>
            <form method="post" onSubmit={onSubmit} noValidate className="pub-panel" aria-label="Registration">
              <FormErrorMessage errors={errors} />
              <RoleChoice role={role} register={register} />

              <fieldset className="pub-fieldset">
                <legend>Required information</legend>
                <TextField label="Full Name" autoComplete="name" required {...register('name')} />
                <div className="pub-grid-2">
                  <TextField label="Email" type="email" autoComplete="email" required {...register('email')} />
                  <TextField label="Phone" type="tel" autoComplete="tel" required {...register('phone')} />
                  <TextField
                    label="Password"
                    type="password"
                    autoComplete="new-password"
                    required
                    hint="At least 6 characters."
                   
                    {...register('password')}
                  />
                  <TextField
                    label="Confirm Password"
                    type="password"
                    autoComplete="new-password"
                    required
                   
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
          </FormErrorScope>
        </div>
      </section>
    </>
  );
}
