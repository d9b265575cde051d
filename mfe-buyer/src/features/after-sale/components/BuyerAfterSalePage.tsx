import { useState } from 'react';
import { Alert, Button, Card } from '@brokerage/ui';
import { StepFrame } from '@brokerage/ui/portal';
import { ADVICE_GROUPS } from './content';
import { WriteToBrokerDialog } from './WriteToBrokerDialog';

const ACTIONS = {
  support: { title: 'Contact Support', subject: 'Support after my purchase' },
  story: { title: 'Share Your Success Story', subject: 'My success story' },
} as const;

const AFTER_SALE_STEP = 10;

/**
 * Buyer step 11 (id 10), After The Sale: the congratulations banner and eight advice groups. Contact Support and
 * Share Your Success Story open a short message to the broker (issue 12: a real action where the spec's buttons did
 * nothing); the frame's Return to Dashboard goes to /buyer.
 */
export function BuyerAfterSalePage() {
  const [open, setOpen] = useState<keyof typeof ACTIONS | null>(null);
  return (
    <StepFrame stepId={AFTER_SALE_STEP}>
      <div className="bb-stack">
        <Alert tone="success" title="Congratulations on your new business!">
          You have completed the purchase. Here is some advice for your first months as the owner.
        </Alert>
        <div className="bb-stack" role="region" aria-label="Advice for new owners" tabIndex={0} style={{ maxHeight: '36rem', overflowY: 'auto' }}>
          {ADVICE_GROUPS.map((g, i) => (
            <Card key={g.title} title={`${i + 1}. ${g.title}`} as="article">
              <ul>
                {g.points.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </Card>
          ))}
        </div>
        <div className="bb-row">
          <Button variant="secondary" onClick={() => setOpen('support')}>
            {ACTIONS.support.title}
          </Button>
          <Button variant="secondary" onClick={() => setOpen('story')}>
            {ACTIONS.story.title}
          </Button>
        </div>
        <WriteToBrokerDialog open={open !== null} title={ACTIONS[open ?? 'support'].title} subject={ACTIONS[open ?? 'support'].subject} onClose={() => setOpen(null)} />
      </div>
    </StepFrame>
  );
}
