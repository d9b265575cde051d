import { Route, Routes } from 'react-router-dom';
import { AreaFrame, NotFound, StepPlaceholder, StepSidebar, useJourneyProgress } from '@brokerage/ui';
import { BUYER_NEXT_REQUIRES_COMPLETED, BUYER_STEPS } from './steps';

const BUILD_TAG = process.env.MFE_BUILD_TAG;

/** Root of the buyer area, mounted by the shell at /buyer/*; routes are relative to that prefix. */
export default function BuyerApp() {
  const { progress } = useJourneyProgress('/buyer/progress');
  return (
    <AreaFrame
      areaLabel="Buyer Portal"
      defaultName={'Buyer'}
      buildTag={BUILD_TAG}
      nav={<StepSidebar steps={BUYER_STEPS} progress={progress} />}
    >
      <Routes>
        {BUYER_STEPS.map((s) =>
          s.id === 0 ? (
            <Route key={s.id} index element={<StepPlaceholder steps={BUYER_STEPS} stepId={s.id} progress={progress} homePath="/buyer" nextRequiresCompleted={BUYER_NEXT_REQUIRES_COMPLETED} />} />
          ) : (
            <Route
              key={s.id}
              path={s.path.replace('/buyer/', '')}
              element={<StepPlaceholder steps={BUYER_STEPS} stepId={s.id} progress={progress} homePath="/buyer" nextRequiresCompleted={BUYER_NEXT_REQUIRES_COMPLETED} />}
            />
          ),
        )}
        <Route path="*" element={<NotFound homeTo="/buyer" homeLabel="Back to your dashboard" />} />
      </Routes>
    </AreaFrame>
  );
}
