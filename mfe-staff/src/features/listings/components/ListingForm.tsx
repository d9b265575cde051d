import { useEffect, useId, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Checkbox, Loading, Select, TextField, toast } from '@brokerage/ui';
import { DraftStatus, FormActions, useAutosave, useServerDraft, withDraft } from '@brokerage/ui/portal';
import { DRAFT_TEXT, draftKeys } from '@brokerage/contracts/drafts';
import { EDITABLE_LISTING_STATUSES, LISTING_TEXT, type Listing } from '@brokerage/contracts/listings';
import type { Contact } from '@brokerage/contracts/people';
import { useSaveListing } from '../api/listings';
import { LISTINGS_TEXT } from './texts';
import {
  cleanPriceInput,
  formValuesFor,
  listingFormSchema,
  toListingRequest,
  type ListingFormValues,
} from './listing-form-schema';

export interface ListingFormProps {
  /** The listing being edited; absent to add one. */
  listing?: Listing;
  sellers: Contact[];
  buyers: Contact[];
  agents: Contact[];
  onDone: () => void;
}

const statusLabel = (s: string) => s.replace(/_/g, ' ');

/**
 * Add and edit listing form (spec part 3 §2 Listings Overview, §5 listing form and Private Seller rules). What is typed
 * is kept as a server-side draft (listing:new, listing:<id>; "Draft saved"), restored when the form opens again (after
 * a reload or a visit elsewhere), and discarded once saved or on Discard draft; Cancel closes and keeps it.
 */
export function ListingForm(props: ListingFormProps) {
  const draft = useServerDraft<ListingFormValues>(props.listing ? draftKeys.listing(props.listing.id) : draftKeys.newListing);
  if (draft.draft === undefined) return <Loading />;
  return <ListingFormFields {...props} draft={draft} />;
}

function ListingFormFields({ listing, sellers, buyers, agents, onDone, draft }: ListingFormProps & { draft: ReturnType<typeof useServerDraft<ListingFormValues>> }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const buyersLegend = useId();
  const save = useSaveListing();
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ListingFormValues>({ resolver: zodResolver(listingFormSchema), defaultValues: withDraft(formValuesFor(listing), draft.draft) });
  useAutosave(watch, draft.schedule as (values: unknown) => void);

  useEffect(() => headingRef.current?.focus(), []);

  const isPrivate = watch('isPrivate');
  const sellerId = watch('sellerId');
  const manager = sellers.find((s) => s.id === sellerId)?.manager ?? null;
  // Sellers that are archived no longer appear in the by-role list: keep the listing's own seller selectable.
  const sellerOptions = [...sellers];
  if (listing?.seller && !sellers.some((s) => s.id === listing.seller!.id))
    sellerOptions.push({ id: listing.seller.id, name: listing.seller.name, email: listing.seller.email ?? '', role: 'SELLER' });
  // The same for the listing's archived buyers and agent: without their option a save would drop them silently.
  const buyerOptions = [
    ...buyers.map((b) => ({ id: b.id, label: `${b.name} (${b.email})` })),
    ...(listing?.buyers ?? []).filter((b) => !buyers.some((x) => x.id === b.id)).map((b) => ({ id: b.id, label: `${b.name} (inactive)` })),
  ];
  const agentOptions = agents.map((a) => ({ value: a.id, label: a.name }));
  if (listing?.agent && !agents.some((a) => a.id === listing.agent!.id))
    agentOptions.push({ value: listing.agent.id, label: `${listing.agent.name} (inactive)` });

  const privateErrors = [errors.privateSeller?.name?.message, errors.privateSeller?.email?.message, errors.privateSeller?.phone?.message].filter(
    (m): m is string => !!m,
  );

  const onSubmit = async (values: ListingFormValues) => {
    try {
      await save.mutateAsync({ id: listing?.id, body: toListingRequest(values, manager?.id ?? null) });
      await draft.discard();
      toast.success(listing ? LISTING_TEXT.updated : LISTING_TEXT.created);
      onDone();
    } catch {
      toast.error(LISTINGS_TEXT.saveFailed);
    }
  };

  return (
    <Card as="section" aria-labelledby="listing-form-title" className="staff-form">
      <h2 id="listing-form-title" className="bb-card__title" tabIndex={-1} ref={headingRef}>
        {listing ? 'Edit Listing' : 'Add Listing'}
      </h2>
      <form className="bb-stack" noValidate onSubmit={handleSubmit(onSubmit)}>
        <TextField label="Title" required {...register('title')} error={errors.title?.message} />
        <TextField label="Description" required multiline rows={4} {...register('description')} error={errors.description?.message} />
        <div className="staff-form__row">
          <Controller
            control={control}
            name="price"
            render={({ field }) => (
              <TextField
                label="Price (USD)"
                required
                inputMode="decimal"
                autoComplete="off"
                hint="Minimum 0, in steps of 0.01. Empty means 0."
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange(cleanPriceInput(e.target.value))}
                error={errors.price?.message}
              />
            )}
          />
          <Select
            label="Status"
            {...register('status')}
            options={EDITABLE_LISTING_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
          />
        </div>

        <Checkbox
          label="Private Seller"
          {...register('isPrivate', {
            onChange: (e: { target: { checked: boolean } }) => {
              if (e.target.checked) {
                setValue('sellerId', '');
                setValue('agentId', '');
              }
            },
          })}
        />

        {isPrivate ? (
          <fieldset className="staff-fieldset">
            <legend>Private seller</legend>
            {privateErrors.length > 0 && (
              <Alert tone="error" title="Validation Error">
                <ul className="staff-errors">
                  {privateErrors.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              </Alert>
            )}
            <div className="staff-form__row">
              <TextField label="Seller name" required aria-invalid={!!errors.privateSeller?.name || undefined} {...register('privateSeller.name')} />
              <TextField
                label="Seller email"
                type="email"
                required
                aria-invalid={!!errors.privateSeller?.email || undefined}
                {...register('privateSeller.email')}
              />
              <TextField label="Seller phone" type="tel" {...register('privateSeller.phone')} />
            </div>
          </fieldset>
        ) : (
          <div className="staff-form__row">
            <Select
              label="Seller"
              required
              placeholder="Select a seller"
              {...register('sellerId')}
              options={sellerOptions.map((s) => ({ value: s.id, label: s.email ? `${s.name} (${s.email})` : s.name }))}
              error={errors.sellerId?.message}
            />
            {manager ? (
              <TextField
                label="Agent"
                readOnly
                value={`${manager.name} (Assigned)`}
                hint="This seller's agent is assigned through agent management; change it there."
              />
            ) : (
              <Select
                label="Agent"
                {...register('agentId')}
                placeholder="No agent (the broker)"
                options={agentOptions}
              />
            )}
          </div>
        )}

        <fieldset className="staff-fieldset" aria-labelledby={buyersLegend}>
          <legend id={buyersLegend}>Buyers</legend>
          {buyerOptions.length === 0 ? (
            <p className="bb-muted">No buyers registered yet.</p>
          ) : (
            <div className="staff-checklist">
              {buyerOptions.map((b) => (
                <Checkbox key={b.id} label={b.label} value={b.id} {...register('buyerIds')} />
              ))}
            </div>
          )}
        </fieldset>

        <FormActions submitLabel={listing ? 'Save Changes' : 'Add Listing'} submitting={isSubmitting} onCancel={onDone} />
        <div className="bb-row">
          <DraftStatus state={draft.state} />
          {(draft.state !== 'idle' || draft.draft) && (
            <Button
              variant="ghost"
              size="sm"
              disabled={isSubmitting}
              onClick={() => {
                void draft.discard();
                reset(formValuesFor(listing));
              }}
            >
              {DRAFT_TEXT.discard}
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
