import { useLocation } from 'react-router-dom';
import { Loading } from '@brokerage/ui';
import { loadRemoteApp, type RemoteName } from './remotes';

/**
 * A portal path is served with its area's frame in #root (gateway/src/prerender/portal-frame.ts: sidebar, heading,
 * marked data-frame-skeleton="<area>"), painted before any script. Taken here before React replaces #root's content,
 * so that the shell's waits on that area (the session check, the remote's code) show the same frame instead of a
 * blank "Loading…" page: the frame stays on screen until the area remote renders its own.
 */
const served = (() => {
  if (typeof document === 'undefined') return null;
  const el = document.querySelector<HTMLElement>('#root > [data-frame-skeleton]');
  return el ? { area: el.dataset.frameSkeleton ?? '', html: el.outerHTML } : null;
})();

const REMOTE_OF: Record<string, RemoteName> = { seller: 'mfe_seller', buyer: 'mfe_buyer', broker: 'mfe_staff', agent: 'mfe_staff' };

// The area's code is loaded while the session is checked, not after: the Module Federation runtime keeps the module,
// and RemoteArea's later load of it resolves at once. (Only code: what the user may see is still the guard's call.)
const early = served ? REMOTE_OF[served.area] : undefined;
if (early) loadRemoteApp(early).catch(() => undefined);

/** While the shell waits on the area at the current path: its frame as served, else the plain Loading. */
export function AreaLoading({ label }: { label?: string }) {
  const { pathname } = useLocation();
  if (served && pathname.split('/')[1] === served.area) {
    return <div style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: served.html }} />;
  }
  return <Loading label={label} />;
}
