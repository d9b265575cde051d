import { useEffect } from 'react';

declare global {
  interface Window {
    /** Set by the gateway's inline early-submit script on prerendered pages (gateway/src/prerender/early-submit.ts). */
    __bbEarly?: { live(): void };
  }
}

/**
 * Renders nothing. Placed beside the routes inside the page's Suspense boundary, its effect runs once the page
 * (its forms included) is hydrated: it tells the prerendered page's early-submit script that the forms are live, which
 * replays a submit (or a button press) held before then. A task later, so that the effects' own state updates (a
 * form taking what was typed before hydration) are rendered first.
 */
export function FormsLive() {
  useEffect(() => {
    const t = setTimeout(() => window.__bbEarly?.live(), 0);
    return () => clearTimeout(t);
  }, []);
  return null;
}
