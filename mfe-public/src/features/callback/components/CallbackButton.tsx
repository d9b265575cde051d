import { lazy, Suspense, useRef, useState } from 'react';
import { CALLBACK } from '../../../content';

// The form (react-hook-form + zod) loads only when someone opens the modal: it stays out of every page's first load.
const CallbackDialog = lazy(() => import('./CallbackDialog'));

/**
 * Floating side button on every public page (spec part 1 §2). On a phone (≤ 640 px) it is a small round icon button in
 * the corner (its name stays "Request a Call Back"), so it does not cover the page's text.
 */
export function CallbackButton() {
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <aside aria-label="Call back">
      <button
        ref={button}
        type="button"
        className="pub-callback-btn"
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        onMouseEnter={() => setLoaded(true)}
        onFocus={() => setLoaded(true)}
      >
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
          <path fill="currentColor" d="M6.6 10.8a15.1 15.1 0 006.6 6.6l2.2-2.2a1 1 0 011-.25 11.4 11.4 0 003.6.57 1 1 0 011 1V20a1 1 0 01-1 1A17 17 0 013 4a1 1 0 011-1h3.5a1 1 0 011 1c0 1.25.2 2.45.57 3.57a1 1 0 01-.25 1z" />
        </svg>
        <span className="pub-callback-label">{CALLBACK.button}</span>
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <CallbackDialog open={open} onClose={() => setOpen(false)} returnFocus={button} />
        </Suspense>
      ) : null}
    </aside>
  );
}
