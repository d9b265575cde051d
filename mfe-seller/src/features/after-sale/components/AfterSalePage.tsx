import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Card, formatMoney } from '@brokerage/ui';
import { StepFrame, stepState, useJourney } from '@brokerage/ui/portal';
import { AFTER_SALE_STEP, useCompleteJourney } from '../api';
import { NEXT_STEPS, RESERVE_RANGE, RESOURCES, SAMPLE_FIGURES, TAX_STRATEGIES } from './content';

const TABS = ['Tax Strategies', 'Professional Resources', 'Next Steps'] as const;
type Tab = (typeof TABS)[number];

const FIGURES: ReadonlyArray<[string, string]> = [
  ['Sale Price', formatMoney(SAMPLE_FIGURES.salePrice)],
  ['Net Proceeds', formatMoney(SAMPLE_FIGURES.netProceeds)],
  ['Original Basis', formatMoney(SAMPLE_FIGURES.originalBasis)],
  ['Holding Period', `${SAMPLE_FIGURES.holdingYears} years`],
  ['Capital Gain', formatMoney(SAMPLE_FIGURES.capitalGain)],
  ['Tax Liability', formatMoney(SAMPLE_FIGURES.taxLiability)],
];

/** The spec's fixed sample sale (not the seller's own figures, and said so). */
function SampleFigures() {
  return (
    <Card title="Example (sample figures)">
      <div className="bb-stack">
        <dl data-testid="after-sale-sample" style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))', gap: '0.75rem 1.5rem', margin: 0 }}>
          {FIGURES.map(([term, value]) => (
            <div key={term}>
              <dt className="bb-muted">{term}</dt>
              <dd style={{ margin: 0, fontWeight: 600 }}>{value}</dd>
            </div>
          ))}
        </dl>
        <p className="bb-muted" style={{ margin: 0 }}>
          On a capital gain of {formatMoney(SAMPLE_FIGURES.capitalGain)}, set aside about {formatMoney(SAMPLE_FIGURES.capitalGain * RESERVE_RANGE[0])} to{' '}
          {formatMoney(SAMPLE_FIGURES.capitalGain * RESERVE_RANGE[1])} for tax. These are sample figures, not your sale&apos;s.
        </p>
      </div>
    </Card>
  );
}

function Cards({ items }: { items: ReadonlyArray<{ title: string; text: string }> }) {
  return (
    <div className="bb-stack">
      {items.map((i) => (
        <Card key={i.title} title={i.title} as="article">
          <p>{i.text}</p>
        </Card>
      ))}
    </div>
  );
}

/**
 * Seller step 11 (id 10), After The Sale: tax strategies, professional resources and next steps in three tabs;
 * Complete Journey (only while this is the current step) completes the journey and shows the thank-you panel.
 */
export function AfterSalePage() {
  const { progress } = useJourney();
  const complete = useCompleteJourney();
  const [tab, setTab] = useState<Tab>(TABS[0]);
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const state = stepState(AFTER_SALE_STEP, progress);
  const done = state === 'completed';

  const onKey = (e: KeyboardEvent) => {
    const i = TABS.indexOf(tab);
    const next = e.key === 'ArrowRight' ? TABS[(i + 1) % TABS.length] : e.key === 'ArrowLeft' ? TABS[(i + TABS.length - 1) % TABS.length] : null;
    if (!next) return;
    e.preventDefault();
    setTab(next);
    refs.current[next]?.focus();
  };

  return (
    <StepFrame stepId={AFTER_SALE_STEP}>
      <div className="bb-stack">
        {done ? (
          <Alert tone="success" title="Journey Complete">
            Thank you for selling your business with us. We wish you every success in what comes next, and we are here if you need anything.
          </Alert>
        ) : (
          progress.currentStep === AFTER_SALE_STEP && (
            <div>
              <Button onClick={() => complete.mutate()} loading={complete.isPending}>
                Complete Journey
              </Button>
            </div>
          )
        )}
        <div role="tablist" aria-label="After the sale" className="bb-messages__tabs" style={{ flexWrap: 'wrap' }}>
          {TABS.map((t, i) => (
            <button
              key={t}
              ref={(el) => {
                refs.current[t] = el;
              }}
              id={`${base}-tab-${i}`}
              type="button"
              role="tab"
              className="bb-messages__tab"
              aria-selected={tab === t}
              aria-controls={`${base}-panel`}
              tabIndex={tab === t ? 0 : -1}
              onClick={() => setTab(t)}
              onKeyDown={onKey}
            >
              {t}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${TABS.indexOf(tab)}`}>
          {tab === 'Tax Strategies' && <Cards items={TAX_STRATEGIES} />}
          {tab === 'Professional Resources' && <Cards items={RESOURCES} />}
          {tab === 'Next Steps' && (
            <div className="bb-stack">
              <ul>
                {NEXT_STEPS.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
              <SampleFigures />
            </div>
          )}
        </div>
      </div>
    </StepFrame>
  );
}
