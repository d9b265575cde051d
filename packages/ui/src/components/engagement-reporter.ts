import { useEffect, useRef } from 'react';
import { apiFetch } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import { ENGAGEMENT_LIMITS } from '@brokerage/contracts/engagement-limits';

/**
 * Page-level engagement (issue 23 §3): while `enabled` (a buyer's viewer with the document open) and the tab is
 * visible, the time on `page` is counted; what was counted is sent at most once per 10 s
 * (POST /buyer/documents/{id}/engagement), and at once with fetch keepalive when the tab is hidden, the page left
 * or the viewer closed. A refused report is dropped (the viewer shows the refusal of its pages itself).
 */
export function usePageEngagement({ enabled, documentId, page, ticket }: { enabled: boolean; documentId: string; page: number; ticket?: string }): void {
  const pending = useRef(new Map<number, number>());
  // the opening's view ticket: the server takes a report on it without asking the viewer's rule again
  const viewTicket = useRef(ticket);
  viewTicket.current = ticket;
  const since = useRef<number | null>(null);
  const shown = useRef(page);

  useEffect(() => {
    if (!enabled) return undefined;
    const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';
    /** Adds the time since the last count to the page shown; counting goes on only while visible. */
    const settle = () => {
      const now = Date.now();
      if (since.current !== null) {
        const ms = now - since.current;
        if (ms > 0) pending.current.set(shown.current, (pending.current.get(shown.current) ?? 0) + ms);
      }
      since.current = visible() ? now : null;
    };
    const send = (keepalive: boolean) => {
      settle();
      let budget = ENGAGEMENT_LIMITS.maxMsPerReport;
      const pages: Array<{ page: number; ms: number }> = [];
      for (const [p, ms] of pending.current) {
        const take = Math.min(Math.round(ms), budget);
        if (take >= 1 && pages.length < ENGAGEMENT_LIMITS.maxPages) pages.push({ page: p, ms: take });
        budget -= Math.max(take, 0);
      }
      pending.current.clear();
      if (pages.length === 0) return;
      const path = apiPath('POST', '/buyer/documents/:documentId/engagement', { documentId });
      const json = viewTicket.current ? { pages, ticket: viewTicket.current } : { pages };
      apiFetch(path, { method: 'POST', json, keepalive, attempts: keepalive ? 1 : undefined }).catch(() => undefined);
    };
    since.current = visible() ? Date.now() : null;
    const every = setInterval(() => send(false), ENGAGEMENT_LIMITS.reportEveryMs);
    const onVisibility = () => (visible() ? settle() : send(true));
    const onLeave = () => send(true);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onLeave);
    return () => {
      clearInterval(every);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onLeave);
      send(true);
      since.current = null;
    };
  }, [enabled, documentId]);

  // a turned page: the time so far belongs to the page left
  useEffect(() => {
    if (since.current !== null) {
      const now = Date.now();
      const ms = now - since.current;
      if (ms > 0) pending.current.set(shown.current, (pending.current.get(shown.current) ?? 0) + ms);
      since.current = now;
    }
    shown.current = page;
  }, [page]);
}
