import type { QuestionAction, QuestionHistoryEntry } from '@brokerage/contracts/questions';
import { formatDateTime } from '../format-date.js';
import { QUESTIONS_TEXT, ROLE_LABEL } from './questions-text.js';

const ACTION_LABEL: Record<QuestionAction, string> = {
  asked: 'Asked',
  routed: 'Routed to the seller',
  answered: 'Answered',
  merged: 'Merged into another question',
  'merged-in': 'A duplicate was merged in',
  released: 'Released',
};

/** A question's history for staff (folded): who did what, when. */
export function QuestionHistory({ entries }: { entries: QuestionHistoryEntry[] }) {
  return (
    <details className="bb-qa__history">
      <summary>
        {QUESTIONS_TEXT.history} ({entries.length})
      </summary>
      <ol>
        {entries.map((h, i) => (
          <li key={`${h.at}-${i}`}>
            <span className="bb-muted">{formatDateTime(h.at)}</span> {historyText(h)}
          </li>
        ))}
      </ol>
    </details>
  );
}

function historyText(h: QuestionHistoryEntry): string {
  const by = ROLE_LABEL[h.byRole] ? ` by the ${ROLE_LABEL[h.byRole]}` : '';
  if (h.action === 'released' && h.audience) return `${ACTION_LABEL.released} to ${h.audience === 'ALL' ? 'all buyers' : 'the asking buyer'}${by}`;
  return `${ACTION_LABEL[h.action]}${by}`;
}
