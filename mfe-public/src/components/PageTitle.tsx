import { useContext, useEffect, type ReactNode } from 'react';
import { FIRM } from '../content';
import { PrerenderHead } from '../prerender/head-context';

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
  const full = `${title} | ${FIRM.name}`;
  const prerender = useContext(PrerenderHead);
  if (prerender) prerender.title = full; // build time: the title goes into the served HTML's <head>
  useEffect(() => {
    document.title = full;
  }, [full]);
}
