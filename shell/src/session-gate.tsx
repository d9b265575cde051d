import { useEffect } from 'react';
import { create } from 'zustand';
import { runSessionRestore, restoreDelayFor } from '@brokerage/api-client';
import { FullScreenOverlay } from '@brokerage/ui';
import { MSG } from '@brokerage/contracts/messages';

type Phase = 'checking' | 'restoring' | 'done';

/** Where the start-up session check stands. Area guards wait for 'done' on dashboard paths. */
export const useRestorePhase = create<{ phase: Phase; set: (p: Phase) => void }>()((set) => ({
  phase: 'checking',
  set: (phase) => set({ phase }),
}));

/**
 * Runs the session-restore sequence once at start (spec part 1 §4, deviation 2): at once on dashboard paths, after
 * 1 s elsewhere; shows 'Restoring your session...' over everything while a restore is in flight; the page reloads
 * 0.5 s after a successful restore; on failure the session is cleared and the user goes to /login.
 */
export function SessionRestore() {
  const phase = useRestorePhase((s) => s.phase);
  useEffect(() => {
    const { set } = useRestorePhase.getState();
    let cancelled = false;
    const restore = async () => {
      const outcome = await runSessionRestore({ onRestoring: () => !cancelled && set('restoring') });
      if (cancelled) return;
      // 'restored' keeps the overlay up until the reload 0.5 s later.
      if (outcome !== 'restored') set('done');
    };
    const timer = setTimeout(() => void restore(), restoreDelayFor(window.location.pathname));
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, []);
  return phase === 'restoring' ? <FullScreenOverlay message={MSG.restoring} /> : null;
}
