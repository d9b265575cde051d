import type { ReactNode } from 'react';
import { Card } from '@brokerage/ui';
import type { FileTagOption } from './file-upload.js';
import '../styles/documents.css';

export interface RequestedDocumentsChecklistProps {
  /** Card title (its region's name), e.g. "Requested financial documents". */
  title: string;
  intro?: ReactNode;
  /** The requested documents, in order: `value` is the tag a file carries, `label` the item's text. */
  items: readonly FileTagOption[];
  /** The uploads (the listing's own); a file with an item's tag ticks it, an untagged file ticks nothing. */
  documents: ReadonlyArray<{ tag?: string | null }>;
}

/**
 * The requested documents as guidance, each ticked once at least one upload is tagged with it: a read-only checkbox
 * named by the item ("checked" to assistive technology; drawn as a green check box), with the number of files tagged with it.
 */
export function RequestedDocumentsChecklist({ title, intro, items, documents }: RequestedDocumentsChecklistProps) {
  const counts = new Map<string, number>();
  for (const d of documents) if (d.tag) counts.set(d.tag, (counts.get(d.tag) ?? 0) + 1);
  const received = items.filter((i) => counts.has(i.value)).length;
  return (
    <Card title={title}>
      {intro && <p className="bb-muted">{intro}</p>}
      <p className="bb-reqlist__summary" role="status">
        {received} of {items.length} received
      </p>
      <ul className="bb-reqlist">
        {items.map((i) => {
          const n = counts.get(i.value) ?? 0;
          return (
            <li key={i.value} className={n > 0 ? 'bb-reqlist__item bb-reqlist__item--done' : 'bb-reqlist__item'}>
              <label className="bb-check">
                <input type="checkbox" className="bb-sr-only" checked={n > 0} readOnly disabled />
                <span className="bb-reqlist__box" aria-hidden="true">
                  {n > 0 ? '✓' : ''}
                </span>
                <span>{i.label}</span>
              </label>
              {n > 0 && <span className="bb-muted bb-reqlist__count">{n === 1 ? '1 file' : `${n} files`}</span>}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
