import { Fragment, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import type { ViewerDocument, ViewerPreparing, ViewerPageSize, ViewerPageText } from '@brokerage/contracts/viewer';
import { Button } from '@brokerage/ui';
import { usePageEngagement } from './engagement-reporter.js';
import './document-viewer.css';

/** The role areas the viewer's routes live under (contracts api/viewer.ts). */
export type ViewerArea = 'seller' | 'buyer' | 'broker' | 'agent';

export interface DocumentViewerProps {
  area: ViewerArea;
  documentId: string;
  /** Shown as the title until the server's answer names the file. */
  fileName?: string;
  /** A Close button in the toolbar when given. */
  onClose?: () => void;
  /** The page shown first (1-based). */
  initialPage?: number;
}

/** How often a document being prepared is asked for again (the server's Retry-After, contracts VIEWER_PREPARING_RETRY_SECONDS). */
const PREPARING_RETRY_MS = 3000;

/** Zoom steps (1 = the page as wide as the viewer). */
export const VIEWER_ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const FIT = VIEWER_ZOOMS.indexOf(1);
/** Above this zoom the large rendering is asked for (sharper text), below it the page one. */
const LARGE_FROM = 1.25;

export const viewerKeys = {
  document: (area: ViewerArea, documentId: string) => ['viewer', area, documentId] as const,
  page: (area: ViewerArea, documentId: string, page: number, size: ViewerPageSize) => ['viewer', area, documentId, 'page', page, size] as const,
  text: (area: ViewerArea, documentId: string, page: number) => ['viewer', area, documentId, 'text', page] as const,
};

const pagesPath = (area: ViewerArea, documentId: string) => apiPath('GET', `/${area}/documents/:documentId/pages`, { documentId });
const pagePath = (area: ViewerArea, documentId: string, page: number, size: ViewerPageSize) =>
  apiPath('GET', `/${area}/documents/:documentId/pages/:page`, { documentId, page }, { size });

const textPath = (area: ViewerArea, documentId: string, page: number) => apiPath('GET', `/${area}/documents/:documentId/pages/:page/text`, { documentId, page });

const textQuery = (area: ViewerArea, documentId: string, page: number) => ({
  queryKey: viewerKeys.text(area, documentId, page),
  queryFn: () => apiFetch<ViewerPageText>(textPath(area, documentId, page), { timeoutMs: 60_000 }),
  staleTime: Infinity,
  retry: false,
});

const pageQuery = (area: ViewerArea, documentId: string, page: number, size: ViewerPageSize) => ({
  queryKey: viewerKeys.page(area, documentId, page, size),
  queryFn: () => apiFetch<Blob>(pagePath(area, documentId, page, size), { responseType: 'blob', timeoutMs: 60_000 }),
  staleTime: Infinity,
  retry: false,
});

/** An object URL for a blob, revoked when the blob changes or the component goes. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return setUrl(undefined);
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  return url;
}

/** True once the element has come near the visible area (at once where IntersectionObserver is missing). */
function useNearView<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '200px' });
    io.observe(el);
    return () => io.disconnect();
  }, [near]);
  return [ref, near];
}

/** The element's rendered size, kept up to date as it changes (zoom, a narrower window). */
function useSize<T extends HTMLElement>(ref: React.RefObject<T | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setSize((s) => (s.width === el.clientWidth && s.height === el.clientHeight ? s : { width: el.clientWidth, height: el.clientHeight }));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return size;
}

/**
 * The page's words laid transparent over its image, each in its box (as pdf.js's text layer does), so they can be
 * selected, copied and found by the browser's search; the font is as tall as the box and each word is stretched to
 * its box's width. Spaces between words and line ends are text too (copying gives the lines).
 */
function TextLayer({ text }: { text: ViewerPageText }) {
  const ref = useRef<HTMLDivElement>(null);
  const { width, height } = useSize(ref);
  useLayoutEffect(() => {
    const layer = ref.current;
    if (!layer || width === 0) return;
    for (const word of layer.querySelectorAll<HTMLElement>('[data-width]')) {
      word.style.transform = '';
      const natural = word.getBoundingClientRect().width;
      if (natural > 0) word.style.transform = `scaleX(${(Number(word.dataset.width) * width) / natural})`;
    }
  }, [text, width, height]);
  return (
    <div ref={ref} className="bb-viewer__text">
      {text.lines.map((line, i) => (
        <Fragment key={i}>
          {line.words.map((w, j) => (
            <Fragment key={j}>
              <span data-width={w.width} style={{ left: `${w.x * 100}%`, top: `${w.y * 100}%`, fontSize: `${w.height * height}px` }}>{w.text}</span>
              {j < line.words.length - 1 ? ' ' : '\n'}
            </Fragment>
          ))}
        </Fragment>
      ))}
    </div>
  );
}

function Thumbnail({ area, documentId, page, current, onSelect }: { area: ViewerArea; documentId: string; page: number; current: boolean; onSelect: (n: number) => void }) {
  const [ref, near] = useNearView<HTMLButtonElement>();
  const image = useQuery({ ...pageQuery(area, documentId, page, 'thumbnail'), enabled: near });
  const src = useObjectUrl(image.data);
  useEffect(() => {
    if (current) ref.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current, ref]);
  return (
    <li>
      <button ref={ref} type="button" className="bb-viewer__thumb" aria-current={current ? 'page' : undefined} aria-label={`Page ${page}`} onClick={() => onSelect(page)}>
        {src ? <img src={src} alt="" /> : <span className="bb-viewer__thumb-blank" aria-hidden="true" />}
        <span className="bb-viewer__thumb-number" aria-hidden="true">{page}</span>
      </button>
    </li>
  );
}

/**
 * The in-portal document viewer (issue 23 §1): the pages of a document as the images the server renders from a copy
 * stamped with the viewer's name, e-mail and the date (never the PDF), with their words selectable over them (the
 * text layer, from the same stamped copy), zoom, page thumbnails and keyboard keys
 * (←/→ and PageUp/PageDown turn pages, Home/End the first/last, +/− zoom). A refused page (access revoked meanwhile)
 * shows the server's message instead of the page.
 */
export function DocumentViewer({ area, documentId, fileName, onClose, initialPage = 1 }: DocumentViewerProps) {
  const titleId = useId();
  const client = useQueryClient();
  const doc = useQuery({
    queryKey: viewerKeys.document(area, documentId),
    queryFn: () => apiFetch<ViewerDocument | ViewerPreparing>(pagesPath(area, documentId)),
    retry: false,
    // each answer is an opening in the audit: asked once per viewer, not again on focus or remount
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    // a Word file the server is still making a PDF of (202 "being prepared"): asked again until its pages are there
    refetchInterval: (q) => (q.state.data && 'status' in q.state.data ? PREPARING_RETRY_MS : false),
  });
  const preparing = doc.data && 'status' in doc.data ? doc.data.message : null;
  const count = doc.data && 'pageCount' in doc.data ? doc.data.pageCount : 0;
  const [page, setPage] = useState(initialPage);
  const [zoomAt, setZoomAt] = useState(FIT);
  const [thumbs, setThumbs] = useState(true);
  const [typed, setTyped] = useState(String(initialPage));
  const zoom = VIEWER_ZOOMS[zoomAt]!;
  const size: ViewerPageSize = zoom > LARGE_FROM ? 'large' : 'page';
  const current = Math.min(Math.max(1, page), Math.max(1, count));
  const image = useQuery({
    ...pageQuery(area, documentId, current, size),
    enabled: count > 0,
    // zooming across LARGE_FROM: this page's other rendering stays shown until the sharper one comes
    placeholderData: () => client.getQueryData<Blob>(viewerKeys.page(area, documentId, current, size === 'large' ? 'page' : 'large')),
  });
  const text = useQuery({ ...textQuery(area, documentId, current), enabled: count > 0 });
  const ticket = doc.data && 'ticket' in doc.data ? doc.data.ticket : undefined;
  usePageEngagement({ enabled: area === 'buyer' && count > 0, documentId, page: current, ticket }); // issue 23 §3: only buyers' time
  const src = useObjectUrl(image.data);

  useEffect(() => setTyped(String(current)), [current]);
  // the next page is fetched while this one is read
  useEffect(() => {
    if (count > 0 && current < count && image.isSuccess) {
      void client.prefetchQuery(pageQuery(area, documentId, current + 1, size));
      void client.prefetchQuery(textQuery(area, documentId, current + 1));
    }
  }, [client, area, documentId, current, count, size, image.isSuccess]);

  const go = (n: number) => count > 0 && setPage(Math.min(Math.max(1, n), count));
  const zoomBy = (step: number) => setZoomAt((z) => Math.min(Math.max(0, z + step), VIEWER_ZOOMS.length - 1));

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.target instanceof HTMLInputElement) return; // the page field keeps its own keys
    const act: Record<string, () => void> = {
      ArrowRight: () => go(current + 1),
      PageDown: () => go(current + 1),
      ArrowLeft: () => go(current - 1),
      PageUp: () => go(current - 1),
      Home: () => go(1),
      End: () => go(count),
      '+': () => zoomBy(1),
      '=': () => zoomBy(1),
      '-': () => zoomBy(-1),
    };
    const f = act[e.key];
    if (!f || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    f();
  };

  const title = doc.data?.fileName ?? fileName ?? 'Document';
  return (
    <section className="bb-viewer" aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <div className="bb-viewer__bar" role="toolbar" aria-label="Document viewer">
        <h2 id={titleId} className="bb-viewer__title" title={title}>{title}</h2>
        <div className="bb-viewer__group">
          <Button variant="secondary" size="sm" onClick={() => go(current - 1)} disabled={count === 0 || current <= 1} aria-label="Previous page">‹</Button>
          <form
            className="bb-viewer__page-form"
            onSubmit={(e) => {
              e.preventDefault();
              const n = Number(typed);
              const to = Number.isInteger(n) && count > 0 ? Math.min(Math.max(1, n), count) : current;
              go(to);
              setTyped(String(to)); // also when the page does not change (42 of 3 on the last page)
            }}
          >
            <label className="bb-viewer__page-label">
              <span className="bb-sr-only">Page</span>
              <input className="bb-viewer__page-input" inputMode="numeric" value={typed} onChange={(e) => setTyped(e.target.value)} onBlur={() => setTyped(String(current))} disabled={count === 0} aria-label="Page number" />
            </label>
            <span aria-hidden="true">/ {count || '–'}</span>
          </form>
          <Button variant="secondary" size="sm" onClick={() => go(current + 1)} disabled={count === 0 || current >= count} aria-label="Next page">›</Button>
        </div>
        <div className="bb-viewer__group">
          <Button variant="secondary" size="sm" onClick={() => zoomBy(-1)} disabled={zoomAt === 0} aria-label="Zoom out">−</Button>
          <output className="bb-viewer__zoom" aria-label="Zoom">{Math.round(zoom * 100)}%</output>
          <Button variant="secondary" size="sm" onClick={() => zoomBy(1)} disabled={zoomAt === VIEWER_ZOOMS.length - 1} aria-label="Zoom in">+</Button>
          <Button variant="secondary" size="sm" onClick={() => setZoomAt(FIT)} disabled={zoomAt === FIT}>Fit width</Button>
          <Button variant="secondary" size="sm" onClick={() => setThumbs((t) => !t)} aria-pressed={thumbs}>Pages</Button>
          {onClose && <Button variant="secondary" size="sm" onClick={onClose}>Close</Button>}
        </div>
      </div>
      <p className="bb-sr-only" role="status" aria-live="polite">{count > 0 ? `Page ${current} of ${count}` : ''}</p>
      {doc.isError ? (
        <p className="bb-viewer__message" role="alert">{doc.error.message}</p>
      ) : preparing ? (
        <p className="bb-viewer__message" role="status">{preparing}</p>
      ) : (
        <div className={`bb-viewer__body${thumbs ? '' : ' bb-viewer__body--no-thumbs'}`}>
          {thumbs && count > 0 && (
            <nav className="bb-viewer__thumbs" aria-label="Pages">
              <ol>
                {Array.from({ length: count }, (_, i) => (
                  <Thumbnail key={i + 1} area={area} documentId={documentId} page={i + 1} current={i + 1 === current} onSelect={go} />
                ))}
              </ol>
            </nav>
          )}
          <div className="bb-viewer__stage" tabIndex={0} aria-label={count > 0 ? `Page ${current} of ${count}; arrow keys or Page Up and Page Down turn pages` : 'Loading document'} role="region">
            {image.isError ? (
              <p className="bb-viewer__message" role="alert">{image.error.message}</p>
            ) : src ? (
              <div className="bb-viewer__sheet" style={{ width: `${zoom * 100}%` }}>
                <img className="bb-viewer__page" src={src} alt={`Page ${current} of ${count}`} />
                {text.data?.page === current && <TextLayer text={text.data} />}
              </div>
            ) : (
              <p className="bb-viewer__loading" role="status">Loading page…</p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
