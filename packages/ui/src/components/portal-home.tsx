import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { FIRM } from '@brokerage/contracts/firm';
import type { Contact } from '@brokerage/contracts/people';
import { Alert, Button, Card, Loading, StepBadge, formatMoney } from '@brokerage/ui';
import { useSession } from '@brokerage/api-client';
import { ListingStatusBadge, StatCard, StatGrid } from './data-widgets.js';
import { useJourney } from './journey-context.js';
import { TOTAL_STEPS, type JourneyArea } from './journey.js';
import { useLoadFailureToast, useSelectListing } from './journey-hooks.js';
import { contactsQuery } from './messages.js';
import { JourneyProgressBar } from './steps.js';
import { UPLOAD_TEXT } from './upload-request.js';

export const HOME_TEXT = {
  chooseBelow: 'Choose the listing to work on below.',
  statsFailed: 'Failed to fetch dashboard data',
  noListing: 'No listing selected. Please contact your broker or agent.',
  noListingTitle: 'No Listing Selected',
  firstRunTitle: 'Getting started',
  whatNext: 'What happens next',
  chooseListing: 'Choose your listing',
  yourBroker: 'Your broker',
  yourAgent: 'Your agent',
  firmContact: 'Your brokerage',
} as const;

/** The picker's element id: the first-run home's "Choose your listing" moves the focus to its first Select. */
const PICKER_ID = 'bb-listing-picker';

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
    <Card title={title} className="bb-picker" data-testid="listing-picker" id={PICKER_ID}>
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
 * is open or when there is nothing to choose; with nothing to choose there is no picker (the home says
 * "No listing selected…" once, not in an empty picker too).
 */
export function useListingChooser(area: JourneyArea, needsSelection: boolean, choices: PickerListing[]) {
  const { select, selectingId } = useSelectListing(area);
  const [choosing, setChoosing] = useState(false);
  const open = (needsSelection || choosing) && choices.length > 0;
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
  /** First run (no listing yet, no step done): the journey's first steps in plain words, under "What happens next". */
  firstSteps: ReactNode[];
}

/** The user's broker or agent among their contacts (GET /users): their agent first, else a broker; null if none. */
export function pickBroker(contacts: Contact[] | undefined): Contact | null {
  return contacts?.find((c) => c.role === 'AGENT') ?? contacts?.find((c) => c.role === 'BROKER') ?? null;
}

/**
 * The first-run home's contact block: the broker or agent from GET /users (name, a message link unless the card's
 * action is that message already), else the firm's contact.
 */
function BrokerContact({ contact, messagesPath, messageLink }: { contact: Contact | null; messagesPath: string; messageLink: boolean }) {
  if (!contact) {
    return (
      <div className="bb-firstrun__contact" data-testid="first-run-contact">
        <h3>{HOME_TEXT.firmContact}</h3>
        <p>
          <strong>{FIRM.name}</strong>
        </p>
        <ul className="bb-firstrun__links">
          <li>
            <a href={FIRM.phoneHref}>Call {FIRM.phone}</a>
          </li>
          <li>
            <a href={`mailto:${FIRM.email}`}>{FIRM.email}</a>
          </li>
        </ul>
      </div>
    );
  }
  return (
    <div className="bb-firstrun__contact" data-testid="first-run-contact">
      <h3>{contact.role === 'AGENT' ? HOME_TEXT.yourAgent : HOME_TEXT.yourBroker}</h3>
      <p>
        <strong>{contact.name}</strong>, {FIRM.name}
      </p>
      <ul className="bb-firstrun__links">
        {messageLink && (
          <li>
            <Link to={messagesPath}>Message {contact.name}</Link>
          </li>
        )}
        <li>
          <a href={FIRM.phoneHref}>Call {FIRM.phone}</a>
        </li>
      </ul>
    </div>
  );
}

/**
 * The first-run home (no listing yet, no step done): what happens next, who the broker or agent is, and one clear
 * action — choose the listing when there is one to choose (focus moves to the picker's first Select), else message
 * the broker. "No listing selected. Please contact your broker or agent." is said here once.
 */
export function FirstRunCard({
  area,
  steps,
  hasChoices,
}: {
  area: JourneyArea;
  steps: ReactNode[];
  hasChoices: boolean;
}) {
  const contacts = useQuery(contactsQuery());
  const contact = pickBroker(contacts.data?.users);
  const messagesPath = `/${area}/messages`;
  const choose = () => {
    const picker = document.getElementById(PICKER_ID);
    picker?.scrollIntoView({ block: 'start' });
    picker?.querySelector<HTMLButtonElement>('button')?.focus();
  };
  return (
    <Card title={HOME_TEXT.firstRunTitle} className="bb-firstrun" data-testid="first-run">
      <p className="bb-firstrun__lead">{hasChoices ? HOME_TEXT.chooseBelow : HOME_TEXT.noListing}</p>
      <div className="bb-firstrun__cols">
        <div>
          <h3>{HOME_TEXT.whatNext}</h3>
          <ol className="bb-firstrun__steps">
            {steps.map((step, i) => (
              <li key={i}>{step}</li>
            ))}
          </ol>
        </div>
        {/* the firm's contact only once GET /users has answered without one (no flash of it before the name) */}
        {!contacts.isPending && <BrokerContact contact={contact} messagesPath={messagesPath} messageLink={hasChoices} />}
      </div>
      <div className="bb-firstrun__action">
        {hasChoices ? (
          <Button onClick={choose}>{HOME_TEXT.chooseListing}</Button>
        ) : (
          <Link className="bb-btn bb-btn--primary" to={messagesPath}>
            {contact ? `Message ${contact.name}` : 'Send Message'}
          </Link>
        )}
      </div>
    </Card>
  );
}

/**
 * A seller's or buyer's home (spec part 2 §2): welcome, Step One card, the selected listing with Change Selection,
 * progress, the picker when a selection is needed, the figures and the area's list. On the first run (no listing
 * selected and no step completed) a welcome without "back", the FirstRunCard and the picker (when there is something
 * to choose) instead of the empty cards and zero tiles.
 */
export function ClientHome(p: ClientHomeProps) {
  const name = useSession((s) => s.user?.name) || p.defaultName;
  const { progress } = useJourney();
  const firstRun = !p.listing && !progress.completed.some(Boolean) && !p.stats?.completedSteps;
  const chooser = useListingChooser(p.area, p.needsSelection || firstRun, p.choices);
  useLoadFailureToast(p.failed);
  if (p.loading) return <Loading label="Loading your dashboard..." />;
  if (firstRun) {
    return (
      <div className="bb-home" data-state="first-run">
        <header className="bb-home__welcome">
          <h1>Welcome, {name}</h1>
          <p className="bb-muted">{p.intro}</p>
        </header>
        {p.statsFailed && <Alert tone="error">{HOME_TEXT.statsFailed}</Alert>}
        <FirstRunCard area={p.area} steps={p.firstSteps} hasChoices={p.choices.length > 0} />
        {chooser.picker}
        {p.children}
      </div>
    );
  }
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
