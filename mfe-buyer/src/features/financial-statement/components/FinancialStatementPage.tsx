import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  FORM_MSG,
  FORM_STEPS,
  PFS_ASSETS,
  PFS_LIABILITIES,
  financialStatementSchema,
  formatWholeUsd,
  pfsMissingFields,
  pfsSubmitReady,
  pfsTotals,
  type FinancialStatement,
  type FinancialStatementInput,
  type FinancialStatementResponse,
} from '@brokerage/contracts';
import { Alert, Card, FormErrorScope, TextField, useFormErrors } from '@brokerage/ui';
import { FormDraftActions, FormDraftBody, NoListingSelected, StepFrame, useAutosave, useCurrentListing, useFormDraft } from '@brokerage/ui/portal';
import { MoneyField } from './MoneyField';

const TEXTS = { saved: FORM_MSG.pfsSaved, saveFailed: FORM_MSG.pfsSaveFailed, submitted: FORM_MSG.pfsSubmitted, submitFailed: FORM_MSG.pfsSubmitFailed };
const today = () => new Date().toLocaleDateString('en-CA');

/** Buyer step 4 (id 3): the personal financial statement, with live totals and net worth. */
export function FinancialStatementPage() {
  const draft = useFormDraft<FinancialStatementResponse>({ area: 'buyer', resource: 'financial-statement', bodyKey: 'financialStatement', texts: TEXTS });
  const listing = useCurrentListing('buyer');
  const form = useForm<FinancialStatementInput, unknown, FinancialStatement>({ resolver: zodResolver(financialStatementSchema) });
  // The submit rule's message sits under the first blank required field; every blank one is marked (deviation 9).
  const fe = useFormErrors({ beside: true });
  const loaded = draft.query.data?.financialStatement;
  const values = useWatch({ control: form.control });
  const totals = pfsTotals(values);
  const ready = pfsSubmitReady({ name: values.name ?? '', mailingAddress: values.mailingAddress ?? '', signature: values.signature ?? '', printName: values.printName ?? '' });

  useEffect(() => {
    if (loaded) {
      const data = financialStatementSchema.parse(loaded);
      form.reset({ ...data, preparedOn: data.preparedOn || today() });
    }
  }, [loaded, form]);
  useAutosave(form.watch, draft.schedule);

  const onSubmit = form.handleSubmit((v) => {
    const missing = pfsMissingFields(v);
    if (missing.length) return fe.show(FORM_MSG.pfsRequired, missing);
    fe.clear();
    return draft.submit(v);
  });
  const onSave = form.handleSubmit((v) => draft.save(v));
  const err = (k: keyof FinancialStatementInput) => form.formState.errors[k]?.message;

  // The statement belongs to the selected listing (GET /buyer/financial-statement answers 409 without one).
  if (listing.data?.needsSelection) {
    return (
      <StepFrame stepId={FORM_STEPS.financialStatement}>
        <NoListingSelected />
      </StepFrame>
    );
  }

  return (
    <StepFrame stepId={FORM_STEPS.financialStatement}>
      <FormDraftBody pending={draft.query.isPending} failed={draft.query.isError || !loaded} onRetry={() => void draft.query.refetch()}>
        {() => loaded && (
          <FormErrorScope errors={fe}>
            <form className="bb-stack" onSubmit={onSubmit} noValidate aria-label="Personal Financial Statement">
              <Alert tone="info">{FORM_MSG.pfsCurrentAdvice}</Alert>
              {loaded.status === 'SUBMITTED' && <Alert tone="success">Your financial statement has been submitted.</Alert>}
              <Card title="Personal Information">
                <div className="bb-grid">
                  <TextField label="Name" autoComplete="name" required invalid={!!err('name')} hint={err('name')} {...form.register('name')} />
                  <TextField label="Prepared On" type="date" invalid={!!err('preparedOn')} hint={err('preparedOn')} {...form.register('preparedOn')} />
                  <TextField label="Spouse Name" {...form.register('spouseName')} />
                </div>
                <TextField label="Mailing Address" multiline rows={2} autoComplete="street-address" required invalid={!!err('mailingAddress')} hint={err('mailingAddress')} {...form.register('mailingAddress')} />
              </Card>

              <Card title="Assets">
                <div className="bb-grid">
                  {PFS_ASSETS.map((a) => (
                    <MoneyField key={a.name} control={form.control} name={a.name} label={a.label} />
                  ))}
                </div>
                <p>
                  <strong>Total Assets: </strong>
                  <output aria-label="Total Assets">{formatWholeUsd(totals.totalAssets)}</output>
                </p>
              </Card>

              <Card title="Liabilities">
                <div className="bb-grid">
                  {PFS_LIABILITIES.map((a) => (
                    <MoneyField key={a.name} control={form.control} name={a.name} label={a.label} />
                  ))}
                </div>
                <p>
                  <strong>Total Liabilities: </strong>
                  <output aria-label="Total Liabilities">{formatWholeUsd(totals.totalLiabilities)}</output>
                </p>
              </Card>

              <Card title="Net Worth">
                <p style={{ fontSize: '1.25rem', margin: 0 }}>
                  <output aria-label="Net Worth">{formatWholeUsd(totals.netWorth)}</output>
                </p>
                <p className="bb-muted">Total assets minus total liabilities.</p>
              </Card>

              <Card title="Certification">
                <p className="bb-muted">I certify that the information above is true and complete to the best of my knowledge.</p>
                <div className="bb-grid">
                  <TextField label="Signature (type your full name)" required invalid={!!err('signature')} hint={err('signature')} {...form.register('signature')} />
                  <TextField label="Print Name" required invalid={!!err('printName')} hint={err('printName')} {...form.register('printName')} />
                  <TextField label="Date" type="date" invalid={!!err('certificationDate')} hint={err('certificationDate')} {...form.register('certificationDate')} />
                </div>
              </Card>

              <FormDraftActions state={draft.state} autosavedAt={draft.autosavedAt} onSave={() => void onSave()} submitDisabled={!ready} />
            </form>
          </FormErrorScope>
        )}
      </FormDraftBody>
    </StepFrame>
  );
}
