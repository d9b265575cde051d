import { Route, Routes } from 'react-router-dom';
import { AreaFrame, NotFound, StepSidebar, useJourneyProgress } from '@brokerage/ui';
import { BUYER_STEPS } from './steps';
import { StepPlaceholder } from './routes/StepPlaceholder';

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
            <Route key={s.id} index element={<StepPlaceholder stepId={s.id} progress={progress} />} />
          ) : (
            <Route
              key={s.id}
              path={s.path.replace('/buyer/', '')}
              element={<StepPlaceholder stepId={s.id} progress={progress} />}
            />
          ),
        )}
        <Route path="*" element={<NotFound homeTo="/buyer" homeLabel="Back to your dashboard" />} />
      </Routes>
    </AreaFrame>
  );
}
