import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FIRM } from '@brokerage/contracts/firm';
import { Alert, Button, Card, Loading, StepBadge, formatMoney } from '@brokerage/ui';
import { useSession } from '@brokerage/api-client';
import { ListingStatusBadge, StatCard, StatGrid } from './data-widgets.js';
import { useJourney } from './journey-context.js';
import { TOTAL_STEPS, type JourneyArea } from './journey.js';
import { useLoadFailureToast, useSelectListing } from './journey-hooks.js';
import { JourneyProgressBar } from './steps.js';
import { UPLOAD_TEXT } from './upload-request.js';

export const HOME_TEXT = {
  chooseBelow: 'Choose the listing to work on below.',
  statsFailed: 'Failed to fetch dashboard data',
  noListing: 'No listing selected. Please contact your broker or agent.',
  noListingTitle: 'No Listing Selected',
} as const;

/** A buyer's step screen whose form belongs to the selected listing, while none is: "Please select a listing first". */
export function NoListingSelected() {
  return (
    <Alert tone="warning" title={HOME_TEXT.noListingTitle} data-testid="no-listing-selected">
      {UPLOAD_TEXT.noListing}
    </Alert>
  );
}

/** Step One: call the broker (the firm's phone) or send a message. */
export function StepOneCard({ messagesPath, children }: { messagesPath: string; children: ReactNode }) {
  return (
    <Card title="Step One: Contact Your Broker" className="bb-stepone">
      {children}
      <div className="bb-row">
        <a className="bb-btn bb-btn--secondary" href={FIRM.phoneHref}>
          Call the broker at {FIRM.phone}
        </a>
        <Link className="bb-btn bb-btn--primary" to={messagesPath}>
          Send Message
        </Link>
      </div>
    </Card>
  );
}

export interface PickerListing {
  id: string;
  title: string;
  description?: string;
  price: number | string;
  status: string;
}

/** A listing's title, price, status and (optionally) description, as every portal list shows it. */
export function ListingSummary({ listing, extra }: { listing: PickerListing; extra?: ReactNode }) {
  return (
    <div className="bb-listing">
      <div className="bb-listing__head">
        <h3 className="bb-listing__title">{listing.title}</h3>
        <ListingStatusBadge status={listing.status} />
      </div>
      {listing.description && <p className="bb-listing__desc">{listing.description}</p>}
      <p className="bb-listing__price">{formatMoney(listing.price)}</p>
      {extra}
    </div>
  );
}

/** A list of listings (title, description, price, status, optional meta line), or the `empty` text. */
export function ListingList<L extends PickerListing>({
  listings,
  empty,
  meta,
}: {
  listings: L[];
  empty: ReactNode;
  meta?: (listing: L) => ReactNode;
}) {
  if (listings.length === 0) return <p className="bb-muted">{empty}</p>;
  return (
    <ul className="bb-listing-list">
      {listings.map((l) => (
        <li key={l.id}>
          <ListingSummary listing={l} extra={meta?.(l)} />
        </li>
      ))}
    </ul>
  );
}

/** The listing picker: each listing with a Select button that reads "Selecting..." while that listing is being selected. */
export function ListingPicker({
  title,
  listings,
  selectingId,
  onSelect,
  empty,
}: {
  title: string;
  listings: PickerListing[];
  selectingId?: string;
  onSelect: (id: string) => void;
  empty: ReactNode;
}) {
  return (
    <Card title={title} className="bb-picker" data-testid="listing-picker">
      {listings.length === 0 ? (
        <p className="bb-muted">{empty}</p>
      ) : (
        <ul className="bb-listing-list">
          {listings.map((l) => (
            <li key={l.id}>
              <ListingSummary listing={l} />
              <Button
                size="sm"
                disabled={selectingId !== undefined}
                aria-label={selectingId === l.id ? `Selecting ${l.title}` : `Select ${l.title}`}
                onClick={() => onSelect(l.id)}
              >
                {selectingId === l.id ? 'Selecting...' : 'Select'}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * The selected listing with a Change Selection button (hidden while the picker is open); without one the
 * "No Listing Selected" empty state.
 */
export function SelectedListingCard({
  title,
  listing,
  meta,
  onChange,
  emptyText = HOME_TEXT.noListing,
}: {
  title: string;
  listing: PickerListing | null;
  meta?: ReactNode;
  /** Under "No Listing Selected"; by default the spec's "No listing selected. Please contact your broker or agent." */
  emptyText?: ReactNode;
  /** Omitted when there is nothing to change to, or while the picker is open. */
  onChange?: () => void;
}) {
  return (
    <Card title={title} data-testid="selected-listing">
      {listing ? (
        <ListingSummary listing={listing} extra={meta} />
      ) : (
        <>
          <h3>{HOME_TEXT.noListingTitle}</h3>
          <p className="bb-muted">{emptyText}</p>
        </>
      )}
      {onChange && (
        <Button variant="secondary" size="sm" onClick={onChange}>
          Change Selection
        </Button>
      )}
    </Card>
  );
}

/** "Step N of 11" and the progress over the step names, from the journey this renders in. */
export function JourneyProgressCard() {
  const { steps, progress } = useJourney();
  return (
    <Card title="Your Progress">
      <div className="bb-stack">
        <div className="bb-row">
          <StepBadge step={progress.currentStep + 1} total={progress.totalSteps} />
        </div>
        <JourneyProgressBar steps={steps} progress={progress} />
      </div>
    </Card>
  );
}

/**
 * The home's stat tiles: Current Step (of total steps, 11 when the server gives none), Completed Steps, then the
 * area's own figure (a StatCard). A dash while the stats are missing (their failure shows "Failed to fetch dashboard data").
 */
export function JourneyStatTiles({
  stats,
  children,
}: {
  stats?: { currentStep: number; totalSteps?: number; completedSteps: number };
  children: ReactNode;
}) {
  const total = stats?.totalSteps || TOTAL_STEPS;
  return (
    <StatGrid label="Your figures">
      <StatCard label="Current Step" value={stats ? stats.currentStep + 1 : '—'} hint={`of ${total} steps`} />
      <StatCard label="Completed Steps" value={stats?.completedSteps ?? '—'} hint={`of ${total}`} />
      {children}
    </StatGrid>
  );
}

/**
 * The home's listing choice: the picker "Select a Listing to Work On" shows while a selection is needed or after
 * Change Selection, and closes once a Select succeeded (the data reloads). `onChange` is undefined while the picker
 * is open or when there is nothing to choose.
 */
export function useListingChooser(area: JourneyArea, needsSelection: boolean, choices: PickerListing[]) {
  const { select, selectingId } = useSelectListing(area);
  const [choosing, setChoosing] = useState(false);
  const open = needsSelection || choosing;
  return {
    onChange: choices.length > 0 && !open ? () => setChoosing(true) : undefined,
    picker: open ? (
      <ListingPicker
        title="Select a Listing to Work On"
        listings={choices}
        selectingId={selectingId}
        empty={HOME_TEXT.noListing}
        onSelect={(id) => select(id, { onSuccess: () => setChoosing(false) })}
      />
    ) : null,
  };
}

export interface ClientHomeProps {
  area: JourneyArea;
  /** Name in the welcome line when the signed-in user has none. */
  defaultName: string;
  intro: ReactNode;
  /** The Step One card's text (the card adds the call link and Send Message). */
  stepOne: ReactNode;
  /** "Active Listing" (seller) or "Currently Interested In" (buyer). */
  listingTitle: string;
  listing: PickerListing | null;
  listingMeta?: ReactNode;
  needsSelection: boolean;
  /** What the picker offers. */
  choices: PickerListing[];
  stats?: { currentStep: number; totalSteps?: number; completedSteps: number };
  /** The area's own figure after Current Step and Completed Steps (a StatCard). */
  figure: ReactNode;
  loading: boolean;
  /** The stats failed: "Failed to fetch dashboard data" (red). */
  statsFailed: boolean;
  /** Another load failed: toast "Failed to load data". */
  failed: boolean;
  /** The area's list (the seller's listings, the buyer's opportunities). */
  children: ReactNode;
}

/**
 * A seller's or buyer's home (spec part 2 §2): welcome, Step One card, the selected listing with Change Selection,
 * progress, the picker when a selection is needed, the figures and the area's list.
 */
export function ClientHome(p: ClientHomeProps) {
  const name = useSession((s) => s.user?.name) || p.defaultName;
  const chooser = useListingChooser(p.area, p.needsSelection, p.choices);
  useLoadFailureToast(p.failed);
  if (p.loading) return <Loading label="Loading your dashboard..." />;
  return (
    <div className="bb-home">
      <header className="bb-home__welcome">
        <h1>Welcome back, {name}</h1>
        <p className="bb-muted">{p.intro}</p>
      </header>
      {p.statsFailed && <Alert tone="error">{HOME_TEXT.statsFailed}</Alert>}
      <div className="bb-home__cols">
        <StepOneCard messagesPath={`/${p.area}/messages`}>{p.stepOne}</StepOneCard>
        <SelectedListingCard
          title={p.listingTitle}
          listing={p.listing}
          meta={p.listingMeta}
          onChange={chooser.onChange}
          emptyText={p.choices.length > 0 ? HOME_TEXT.chooseBelow : undefined}
        />
      </div>
      <JourneyProgressCard />
      {chooser.picker}
      <JourneyStatTiles stats={p.stats}>{p.figure}</JourneyStatTiles>
      {p.children}
    </div>
  );
}
