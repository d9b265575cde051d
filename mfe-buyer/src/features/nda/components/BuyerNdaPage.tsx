import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CALIFORNIA_REGIONS,
  FORM_MSG,
  FORM_STEPS,
  NDA_CLAUSES,
  NDA_INTRO,
  NDA_PORTAL_ACCEPT_LABEL,
  PURCHASE_TIME_FRAMES,
  ndaFormSchema,
  ndaMissingFields,
  type NdaForm,
  type NdaFormInput,
  type NdaResponse,
} from '@brokerage/contracts';
import { AgreementClauses, Alert, Card, Checkbox, FormErrorScope, Select, TextField, useFormErrors } from '@brokerage/ui';
import { FormDraftActions, FormDraftBody, NoListingSelected, StepFrame, formatDateTime, useCurrentListing, useAutosave, useFormDraft } from '@brokerage/ui/portal';

const TEXTS = { saved: FORM_MSG.ndaSaved, saveFailed: FORM_MSG.ndaSaveFailed, submitted: FORM_MSG.ndaSubmitted, submitFailed: FORM_MSG.ndaSubmitFailed };

/** Buyer step 3 (id 2): the online Non-Disclosure Agreement, saved as a draft and submitted with a typed signature. */
export function BuyerNdaPage() {
  const draft = useFormDraft<NdaResponse>({ area: 'buyer', resource: 'nda', bodyKey: 'nda', texts: TEXTS });
  const listing = useCurrentListing('buyer');
  const form = useForm<NdaFormInput, unknown, NdaForm>({ resolver: zodResolver(ndaFormSchema) });
  // The submit rule's one message sits under the first missing field; every missing field is marked (deviation 9).
  const fe = useFormErrors({ beside: true });
  const loaded = draft.query.data?.nda;
  const selected = listing.data?.listing;

  useEffect(() => {
    if (loaded) form.reset(ndaFormSchema.parse(loaded));
  }, [loaded, form]);
  useAutosave(form.watch, draft.schedule);

  const onSubmit = form.handleSubmit((values) => {
    const missing = ndaMissingFields(values);
    if (missing.length) return fe.show(FORM_MSG.ndaRequired, missing);
    fe.clear();
    return draft.submit(values);
  });
  const onSave = form.handleSubmit((values) => draft.save(values));
  const err = (k: keyof NdaFormInput) => form.formState.errors[k]?.message;

  // The NDA belongs to the selected listing (GET /buyer/nda answers 409 without one): say so, not "Failed to load data".
  if (listing.data?.needsSelection) {
    return (
      <StepFrame stepId={FORM_STEPS.nda}>
        <NoListingSelected />
      </StepFrame>
    );
  }

  return (
    <StepFrame stepId={FORM_STEPS.nda}>
      <FormDraftBody pending={draft.query.isPending || listing.isPending} failed={draft.query.isError || !loaded} onRetry={() => void draft.query.refetch()}>
        {() => loaded && (
          <FormErrorScope errors={fe}>
            <form className="bb-stack" onSubmit={onSubmit} noValidate aria-label="Non-Disclosure Agreement">
              {loaded.needsConsent && <Alert tone="warning">{FORM_MSG.ndaConsentAgain}</Alert>}
              {loaded.status === 'SUBMITTED' && loaded.evidence && !loaded.needsConsent && (
                <Alert tone="success" title="NDA signed">
                  Signed by {loaded.evidence.signer} on {formatDateTime(loaded.evidence.signedAt)}.
                </Alert>
              )}
              <Card title="Non-Disclosure Agreement">
                <div style={{ maxHeight: '18rem', overflowY: 'auto' }} tabIndex={0} aria-label="Agreement text">
                  <AgreementClauses intro={NDA_INTRO} clauses={NDA_CLAUSES} />
                </div>
              </Card>

              <Card title="Buyer Information">
                <p className="bb-muted">Fields marked * are required.</p>
                <div className="bb-grid">
                  <TextField label="First Name" autoComplete="given-name" required invalid={!!err('firstName')} hint={err('firstName')} {...form.register('firstName')} />
                  <TextField label="Last Name" autoComplete="family-name" required invalid={!!err('lastName')} hint={err('lastName')} {...form.register('lastName')} />
                  <TextField label="Organization" autoComplete="organization" {...form.register('organization')} />
                  <TextField label="Email" type="email" autoComplete="email" required invalid={!!err('email')} hint={err('email')} {...form.register('email')} />
                  <TextField label="Phone" type="tel" autoComplete="tel" required invalid={!!err('phone')} hint={err('phone')} {...form.register('phone')} />
                </div>
              </Card>

              <Card title="Address">
                <div className="bb-grid">
                  <TextField label="Address Line 1" autoComplete="address-line1" {...form.register('addressLine1')} />
                  <TextField label="Address Line 2" autoComplete="address-line2" {...form.register('addressLine2')} />
                  <TextField label="City" autoComplete="address-level2" {...form.register('city')} />
                  <TextField label="State" autoComplete="address-level1" {...form.register('state')} />
                  <TextField label="ZIP Code" autoComplete="postal-code" {...form.register('zipCode')} />
                </div>
              </Card>

              <Card title="Your Interest">
                <div className="bb-stack">
                  <Select label="Listing of Interest" required {...form.register('listingInterest')}>
                    <option value="">Select a listing</option>
                    {[...new Set([selected?.id, loaded.listingInterest].filter(Boolean) as string[])].map((id) => (
                      <option key={id} value={id}>
                        {id === selected?.id ? selected.title : 'Your selected listing'}
                      </option>
                    ))}
                  </Select>
                  <div className="bb-grid">
                    <TextField label="Available Money" inputMode="decimal" {...form.register('availableMoney')} />
                    <TextField label="Minimum Income" inputMode="decimal" {...form.register('minimumIncome')} />
                    <TextField label="Total Price Willing" inputMode="decimal" {...form.register('totalPriceWilling')} />
                  </div>
                  <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
                    <legend className="bb-field__label">California Regions</legend>
                    <div className="bb-grid">
                      {CALIFORNIA_REGIONS.map((r) => (
                        <Checkbox key={r} label={r} value={r} {...form.register('californiaRegions')} />
                      ))}
                    </div>
                  </fieldset>
                  <Select label="Time Frame to Purchase" {...form.register('timeFrameToPurchase')}>
                    <option value="">Select a time frame</option>
                    {PURCHASE_TIME_FRAMES.map((t) => (
                      <option key={t} value={t}>
                        {t}
                      </option>
                    ))}
                  </Select>
                </div>
              </Card>

              <Card title="Signature">
                <div className="bb-stack">
                  <Checkbox label={NDA_PORTAL_ACCEPT_LABEL} required {...form.register('agreementAccepted')} />
                  <TextField label="Signature (type your full name)" autoComplete="name" required invalid={!!err('signature')} hint={err('signature')} {...form.register('signature')} />
                </div>
              </Card>

              <FormDraftActions state={draft.state} autosavedAt={draft.autosavedAt} onSave={() => void onSave()} />
            </form>
          </FormErrorScope>
        )}
      </FormDraftBody>
    </StepFrame>
  );
}
