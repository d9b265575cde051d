import type { BuyerEngagement, DocumentEngagement } from '@brokerage/contracts/engagement';
import { formatDateTime } from '../format-date.js';
import './engagement-panel.css';

/** "45 s", "3 min 5 s", "1 h 2 min" ("0 s" under half a second). */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
  return m % 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${Math.floor(m / 60)} h`;
}

/** Heat levels 0 (not seen) … 4 (the document's most-read page). */
const level = (seconds: number, max: number) => (seconds <= 0 || max <= 0 ? 0 : Math.max(1, Math.ceil((seconds / max) * 4)));

/** One cell per page, darker the longer it was read; each cell says its page and time. */
export function PageHeatStrip({ doc }: { doc: DocumentEngagement }) {
  const count = Math.max(doc.pageCount ?? 0, ...doc.pages.map((p) => p.page));
  const byPage = new Map(doc.pages.map((p) => [p.page, p.seconds]));
  const max = Math.max(0, ...doc.pages.map((p) => p.seconds));
  return (
    <ol className="bb-heat" aria-label={`Time per page of ${doc.fileName}`}>
      {Array.from({ length: count }, (_, i) => {
        const seconds = byPage.get(i + 1) ?? 0;
        const text = `Page ${i + 1}: ${seconds > 0 ? formatDuration(seconds) : 'not viewed'}`;
        return (
          <li key={i + 1} className={`bb-heat__cell bb-heat__cell--${level(seconds, max)}`} title={text} data-level={level(seconds, max)}>
            <span className="bb-sr-only">{text}</span>
          </li>
        );
      })}
    </ol>
  );
}

function Facts({ items }: { items: Array<[string, string]> }) {
  return (
    <dl className="bb-engagement__facts">
      {items.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A buyer's (or the caller's own) documents: each with its times and heat strip. */
export function EngagementDocuments({ documents }: { documents: DocumentEngagement[] }) {
  return (
    <ul className="bb-engagement__docs">
      {documents.map((d) => (
        <li key={d.documentId} className="bb-engagement__doc">
          <p className="bb-engagement__doc-name">
            {d.fileName}
            {d.version > 1 ? ` (v${d.version})` : ''}
          </p>
          <p className="bb-engagement__doc-meta">
            {formatDuration(d.totalSeconds)} · last viewed {formatDateTime(d.lastViewedAt)}
          </p>
          <PageHeatStrip doc={d} />
        </li>
      ))}
    </ul>
  );
}

/** Under the panel's title: how to read the heat strips. */
export const ENGAGEMENT_LEGEND = 'Each square is a page of the document: the darker, the longer it was read.';

export interface EngagementPanelProps {
  /** Per buyer, as GET /broker|agent/listings/{id}/engagement answers (or the caller's own, named as they like). */
  buyers: BuyerEngagement[];
  title?: string;
  emptyText?: string;
}

/**
 * Page-level engagement (issue 23 §3) per buyer: documents opened, first and last view, total time, and per document
 * a heat strip of the time on each page.
 */
export function EngagementPanel({ buyers, title = 'Document engagement', emptyText = 'No buyer has viewed a document yet.' }: EngagementPanelProps) {
  return (
    <section className="bb-engagement" aria-label={title}>
      <h2 className="bb-engagement__title">{title}</h2>
      {buyers.length > 0 && <p className="bb-engagement__legend">{ENGAGEMENT_LEGEND}</p>}
      {buyers.length === 0 ? (
        <p className="bb-engagement__empty">{emptyText}</p>
      ) : (
        buyers.map((b) => (
          <article key={b.buyer.id} className="bb-engagement__buyer" aria-label={b.buyer.name}>
            <h3 className="bb-engagement__buyer-name">{b.buyer.name}</h3>
            <Facts
              items={[
                ['Documents opened', String(b.documentsOpened)],
                ['First view', formatDateTime(b.firstViewedAt)],
                ['Last view', formatDateTime(b.lastViewedAt)],
                ['Total time', formatDuration(b.totalSeconds)],
              ]}
            />
            <EngagementDocuments documents={b.documents} />
          </article>
        ))
      )}
    </section>
  );
}
