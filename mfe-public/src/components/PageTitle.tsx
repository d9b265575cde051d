import { useEffect, type ReactNode } from 'react';
import { FIRM } from '../content';

/** Sets document.title and renders the page's single <h1>. */
export function PageHeader({ title, lead, docTitle }: { title: ReactNode; lead?: ReactNode; docTitle: string }) {
  useDocTitle(docTitle);
  return (
    <header className="pub-page-header">
      <div className="pub-container">
        <h1>{title}</h1>
        {lead ? <p className="pub-lead">{lead}</p> : null}
      </div>
    </header>
  );
}

export function useDocTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | ${FIRM.name}`;
  }, [title]);
}
