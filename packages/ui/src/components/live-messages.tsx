import { useCallback, useEffect, useRef, useState } from 'react';
import { apiFetch } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import type { LiveEvent, UnreadCount } from '@brokerage/contracts/messaging';
import { apiUrl } from './upload-request.js';
import '../styles/messages.css';

/*
 * Live notifications (issue 9 §2): one EventSource per tab on GET /api/events, shared by every subscriber. The browser
 * reconnects by itself and sends Last-Event-ID, so the gateway replays what was missed.
 */

type Listener = (event: LiveEvent) => void;
const listeners = new Set<Listener>();
/** Told each time the stream (re)connects (one token per connection): what was read before may have missed an event. */
type OpenListener = (connection: object) => void;
const openListeners = new Set<OpenListener>();
let source: EventSource | null = null;

/** Fired on window when this tab changed messages (sent, read, deleted): the badge reloads its count. */
export const MESSAGES_CHANGED_EVENT = 'bb:messages-changed';
export const announceMessagesChanged = () => window.dispatchEvent(new Event(MESSAGES_CHANGED_EVENT));

let lastEventId = '';
let retry: ReturnType<typeof setTimeout> | null = null;
const REOPEN_MS = 3000;

function open() {
  if (source || typeof EventSource === 'undefined') return;
  // A new EventSource (after a close, or after the browser gave up) resumes after the last event this tab saw.
  const query = lastEventId ? `?lastEventId=${encodeURIComponent(lastEventId)}` : '';
  const es = new EventSource(apiUrl(`/events${query}`), { withCredentials: true });
  source = es;
  es.onopen = () => {
    const connection = {};
    for (const l of openListeners) l(connection);
  };
  es.onerror = () => {
    // The browser retries dropped connections itself; an HTTP error answer ends the stream for good: open anew.
    if (es.readyState !== 2 || source !== es) return;
    source = null;
    if (listeners.size > 0 && !retry) retry = setTimeout(() => { retry = null; if (listeners.size > 0) open(); }, REOPEN_MS);
  };
  es.onmessage = (m: MessageEvent<string>) => {
    if (m.lastEventId) lastEventId = m.lastEventId;
    let event: LiveEvent;
    try {
      event = JSON.parse(m.data) as LiveEvent;
    } catch {
      return;
    }
    if (typeof event?.type !== 'string') return;
    for (const l of listeners) l(event);
  };
}

/**
 * Calls `listener` for each live event of the signed-in user while mounted, and `onOpen` each time the stream
 * (re)connects.
 */
export function useLiveEvents(listener: Listener, onOpen?: OpenListener) {
  useEffect(() => {
    listeners.add(listener);
    if (onOpen) openListeners.add(onOpen);
    open();
    return () => {
      listeners.delete(listener);
      if (onOpen) openListeners.delete(onOpen);
      if (listeners.size === 0) {
        source?.close();
        source = null;
      }
    };
  }, [listener, onOpen]);
}

/**
 * The unread count beside the sidebar's Messages / Email item: loaded once, then again on every live message event
 * and on this tab's own changes. Nothing when there is nothing unread.
 */
export function UnreadMessagesBadge() {
  const [count, setCount] = useState(0);
  const latest = useRef(0);
  const load = useCallback(() => {
    // only the answer of the newest load counts (an older one may arrive last)
    const n = ++latest.current;
    apiFetch<UnreadCount>(apiPath('GET', '/messages/unread-count')).then((r) => n === latest.current && setCount(r.count), () => undefined);
  }, []);
  useEffect(() => {
    load();
    window.addEventListener(MESSAGES_CHANGED_EVENT, load);
    return () => window.removeEventListener(MESSAGES_CHANGED_EVENT, load);
  }, [load]);
  useLiveEvents(
    useCallback(
      (e: LiveEvent) => {
        // the open message lists follow through the live updates' table (useLiveUpdates)
        if (e.type.startsWith('message.')) load();
      },
      [load],
    ),
  );
  if (count <= 0) return null;
  return (
    <span className="bb-unread" data-testid="unread-count">
      {count > 99 ? '99+' : count}
      <span className="bb-sr-only"> unread</span>
    </span>
  );
}
