import { createContext, useContext, type ReactNode } from 'react';
import { useJourneyProgress } from './journey-hooks.js';
import type { JourneyArea, JourneyProgress, StepDef } from './journey.js';

export interface JourneyValue {
  area: JourneyArea;
  /** The area's home, e.g. /seller */
  home: string;
  steps: StepDef[];
  progress: JourneyProgress;
  isLoading: boolean;
  error: unknown;
}

const JourneyContext = createContext<JourneyValue | null>(null);

/** Loads the signed-in user's progress once for the whole area; the sidebar and every step screen read it. */
export function JourneyProvider({ area, steps, children }: { area: JourneyArea; steps: StepDef[]; children: ReactNode }) {
  const { progress, isLoading, error } = useJourneyProgress(area === 'seller' ? '/seller/progress' : '/buyer/progress');
  return (
    <JourneyContext.Provider value={{ area, home: `/${area}`, steps, progress, isLoading, error }}>
      {children}
    </JourneyContext.Provider>
  );
}

/** The surrounding journey, or null outside a <JourneyProvider>. */
export function useJourneyIfAny(): JourneyValue | null {
  return useContext(JourneyContext);
}

/** The journey of the area this component renders in (inside <JourneyProvider>). */
export function useJourney(): JourneyValue {
  const v = useContext(JourneyContext);
  if (!v) throw new Error('useJourney must be used inside <JourneyProvider>');
  return v;
}
