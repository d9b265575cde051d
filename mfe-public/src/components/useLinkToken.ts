import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The `?token=` of an e-mailed link (reset password, unsubscribe), kept in memory only: once the page has loaded it
 * leaves the address bar and the history entry (no token in a shared screenshot, a later Referer, or the back button).
 */
export function useLinkToken(): string | null {
  const [params] = useSearchParams();
  const [token] = useState(() => params.get('token') || null);
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!token || !url.searchParams.has('token')) return;
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [token]);
  return token;
}
