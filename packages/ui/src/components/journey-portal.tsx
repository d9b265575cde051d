import type { ReactNode } from 'react';
import { NavLink, Route, Routes } from 'react-router-dom';
import { AreaFrame } from './area-frame.js';
import { JourneyProvider, useJourney } from './journey-context.js';
import type { JourneyArea, StepDef } from './journey.js';
import { NotFound } from './not-found.js';
import { JourneySidebar, StepPlaceholder } from './steps.js';

export interface JourneyPortalProps {
  area: JourneyArea;
  /** e.g. "Seller Portal" */
  areaLabel: string;
  /** Name shown when the signed-in user has none ("Buyer" on the buyer side). */
  defaultName: string;
  buildTag?: string;
  steps: StepDef[];
  /** The screens built so far, by step id (0 = the area's home); every other step shows StepPlaceholder. */
  screens: Partial<Record<number, ReactNode>>;
  /** Screens outside the 11 steps (Questions, Settings…): a route each and a link under the steps, in this order. */
  extraScreens?: readonly AreaScreen[];
}

/** A screen of the area that is not a step: `path` absolute (/seller/questions), `label` its sidebar link's text. */
export interface AreaScreen {
  path: string;
  label: string;
  element: ReactNode;
}

/**
 * A seller's or buyer's whole area: the frame with the step sidebar (drawer on phones, closing on route change), one
 * route per step under the area's prefix, the area's not-found page. The shell mounts it at /seller/* or /buyer/*.
 */
export function JourneyPortal({ area, areaLabel, defaultName, buildTag, steps, screens, extraScreens = [] }: JourneyPortalProps) {
  const nav = (
    <>
      <JourneySidebar />
      {extraScreens.length > 0 && (
        <ul className="bb-area-links">
          {extraScreens.map((s) => (
            <li key={s.path}>
              <NavLink to={s.path} className="bb-navlink">
                <span>{s.label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </>
  );
  return (
    <JourneyProvider area={area} steps={steps}>
      <AreaFrame areaLabel={areaLabel} defaultName={defaultName} buildTag={buildTag} nav={nav}>
        <JourneyRoutes screens={screens} extraScreens={extraScreens} />
      </AreaFrame>
    </JourneyProvider>
  );
}

function JourneyRoutes({ screens, extraScreens }: { screens: JourneyPortalProps['screens']; extraScreens: readonly AreaScreen[] }) {
  const { steps, home } = useJourney();
  return (
    <Routes>
      {extraScreens.map((s) => (
        <Route key={s.path} path={s.path.slice(home.length + 1)} element={s.element} />
      ))}
      {steps.map((s) => {
        const element = screens[s.id] ?? <StepPlaceholder stepId={s.id} />;
        return s.path === home ? (
          <Route key={s.id} index element={element} />
        ) : (
          <Route key={s.id} path={s.path.slice(home.length + 1)} element={element} />
        );
      })}
      <Route path="*" element={<NotFound homeTo={home} homeLabel="Back to your dashboard" />} />
    </Routes>
  );
}
