import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CALIFORNIA_REGIONS,
  MSG,
  NDA_REQUIRED_MESSAGE,
  ndaSubmissionSchema,
  PURCHASE_TIME_FRAMES,
  type NdaSubmission,
} from '@brokerage/contracts';
import { PageHeader } from '../../../components/PageTitle';
import { AgreementClauses, Checkbox, FormErrorMessage, FormErrorScope, formatMoney, Select, TextField, useFormErrors } from '@brokerage/ui';
import { firstErrorMessage, showFieldErrors } from '../../../components/firstError';
import { FIRM, NDA_ACCEPT_LABEL, NDA_CLAUSES, NDA_INTRO, NDA_PAGE } from '../../../content';
import { ApiError, serverMessageOr } from '../../../api/http';
import { availableListingsQuery, submitNda } from '../api';
import { SuccessCard } from '../../../components/SuccessCard';
import { CityStateZip } from '../../../components/CityStateZip';

interface FormValues {
  firstName: string; lastName: string; organization: string; email: string; phone: string; password: string;
  addressLine1: string; addressLine2: string; city: string; state: string; zipCode: string;
  listingInterest: string; availableMoney: string; minimumIncome: string; totalPriceWilling: string;
  californiaRegions: string[]; timeFrameToPurchase: string; agreementAccepted: boolean; signature: string;
}

const EMPTY: FormValues = {
  firstName: '', lastName: '', organization: '', email: '', phone: '', password: '',
  addressLine1: '', addressLine2: '', city: '', state: 'CA', zipCode: '',
  listingInterest: '', availableMoney: '', minimumIncome: '', totalPriceWilling: '',
  californiaRegions: [], timeFrameToPurchase: '', agreementAccepted: false, signature: '',
};

const ORDER = [
  'firstName', 'lastName', 'email', 'phone', 'password', 'listingInterest', 'agreementAccepted', 'signature',
] as const;

function NdaTerms() {
  return (
    <section className="pub-panel pub-nda-terms" aria-labelledby="nda-terms-title" tabIndex={0}>
      <h2 id="nda-terms-title">Agreement Terms</h2>
      <AgreementClauses intro={NDA_INTRO} clauses={NDA_CLAUSES} />
    </section>
  );
}

function Success() {
  return (
    <SuccessCard title={NDA_PAGE.successTitle} text={NDA_PAGE.successText}>
      <div className="pub-actions pub-actions-center">
        <Link to="/login" className="pub-btn pub-btn-primary">Go to Login</Link>
        <Link to="/" className="pub-btn pub-btn-outline">Back to Home</Link>
      </div>
    </SuccessCard>
  );
}

export default function NdaPage() {
  const fe = useFormErrors();
  const [done, setDone] = useState(false);
  const listings = useQuery(availableListingsQuery());
  const {
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<FormValues>({ resolver: zodResolver(ndaSubmissionSchema) as never, defaultValues: EMPTY });

  const onSubmit = handleSubmit(
    async (values) => {
      fe.clear();
      try {
        await submitNda(values as unknown as NdaSubmission);
        setDone(true);
        window.scrollTo(0, 0);
      } catch (err) {
        fe.show(err instanceof ApiError ? serverMessageOr(err, MSG.ndaFailed) : MSG.unknownError);
      }
    },
    (errs) => {
      // A missing required field wins: the spec shows one message for all of them.
      const missing = Object.values(errs).some((e) => (e as { message?: string })?.message === NDA_REQUIRED_MESSAGE);
      showFieldErrors(fe, errs, ORDER, missing ? NDA_REQUIRED_MESSAGE : firstErrorMessage(errs, ORDER) ?? NDA_REQUIRED_MESSAGE);
    },
  );

  if (done) return <Success />;

  return (
    <>
      <PageHeader docTitle="Non Disclosure Agreement" title={NDA_PAGE.title} lead={NDA_PAGE.intro} />
      <section className="pub-section">
        <div className="pub-container pub-nda">
          <NdaTerms />
          <FormErrorScope errors={fe}>
            <form method="post" onSubmit={onSubmit} noValidate className="pub-panel" aria-labelledby="nda-form-title">
              <h2 id="nda-form-title">Buyer Information</h2>
              <p className="pub-muted">Fields marked * are required. Already registered? <Link to="/login">Sign in</Link>.</p>
              <FormErrorMessage errors={fe} />

              <fieldset className="pub-fieldset">
                <legend>Contact details</legend>
                <div className="pub-grid-2">
                  <TextField label="First Name" autoComplete="given-name" required {...register('firstName')} />
                  <TextField label="Last Name" autoComplete="family-name" required {...register('lastName')} />
                </div>
                <TextField label="Organization" autoComplete="organization" {...register('organization')} />
                <div className="pub-grid-2">
                  <TextField label="Email" type="email" autoComplete="email" required {...register('email')} />
                  <TextField label="Phone" type="tel" autoComplete="tel" required {...register('phone')} />
                </div>
                <TextField
                  label="Password"
                  type="password"
                  autoComplete="new-password"
                  required
                  hint="Creates your buyer account. At least 6 characters."
                 
                  {...register('password')}
                />
              </fieldset>

              <fieldset className="pub-fieldset">
                <legend>Address</legend>
                <TextField label="Address Line 1" autoComplete="address-line1" {...register('addressLine1')} />
                <TextField label="Address Line 2" autoComplete="address-line2" {...register('addressLine2')} />
                <CityStateZip city={register('city')} state={register('state')} zipCode={register('zipCode')} />
              </fieldset>

              <fieldset className="pub-fieldset">
                <legend>Your interest</legend>
                <Select
                  label="Listing of Interest"
                  required
                 
                  disabled={listings.isPending}
                  hint={
                    listings.isError
                      ? `We could not load the listings. Please reload the page or call ${FIRM.phone}.`
                      : listings.data && listings.data.length === 0
                        ? `No listings are open right now. Please call ${FIRM.phone}.`
                        : undefined
                  }
                  {...register('listingInterest')}
                >
                  <option value="">{listings.isPending ? 'Loading listings…' : 'Select a listing'}</option>
                  {(listings.data ?? []).map((l) => (
                    <option key={l.id} value={String(l.id)}>
                      {l.title} — {formatMoney(l.price)}
                    </option>
                  ))}
                </Select>
                <div className="pub-grid-3 pub-equal">
                  <TextField label="Available Money" inputMode="decimal" {...register('availableMoney')} />
                  <TextField label="Minimum Income" inputMode="decimal" {...register('minimumIncome')} />
                  <TextField label="Total Price Willing" inputMode="decimal" {...register('totalPriceWilling')} />
                </div>
                <fieldset className="pub-fieldset pub-checkgroup">
                  <legend>California Regions</legend>
                  <div className="pub-checkgrid">
                    {CALIFORNIA_REGIONS.map((r) => (
                      <Checkbox key={r} label={r} value={r} {...register('californiaRegions')} />
                    ))}
                  </div>
                </fieldset>
                <Select label="Time Frame to Purchase" {...register('timeFrameToPurchase')}>
                  <option value="">Select a time frame</option>
                  {PURCHASE_TIME_FRAMES.map((t) => (
                    <option key={t} value={t}>{t}</option>
                  ))}
                </Select>
              </fieldset>

              <fieldset className="pub-fieldset">
                <legend>Signature</legend>
                <Checkbox
                  label={NDA_ACCEPT_LABEL}
                  required
                 
                  {...register('agreementAccepted')}
                />
                <TextField
                  label="Signature (type your full name)"
                  autoComplete="name"
                  required
                 
                  {...register('signature')}
                />
              </fieldset>

              <button type="submit" className="pub-btn pub-btn-primary pub-btn-block" disabled={isSubmitting}>
                {isSubmitting ? 'Submitting...' : 'Sign and Submit NDA'}
              </button>
            </form>
          </FormErrorScope>
        </div>
      </section>
    </>
  );
}
