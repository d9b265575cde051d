import { Route, Routes } from 'react-router-dom';
import { AreaFrame, NotFound, StepPlaceholder, StepSidebar, useJourneyProgress } from '@brokerage/ui';
import { SELLER_NEXT_REQUIRES_COMPLETED, SELLER_STEPS } from './steps';

const BUILD_TAG = process.env.MFE_BUILD_TAG;

/** Root of the seller area, mounted by the shell at /seller/*; routes are relative to that prefix. */
export default function SellerApp() {
  const { progress } = useJourneyProgress('/seller/progress');
  return (
    <AreaFrame
      areaLabel="Seller Portal"
      defaultName={'Seller'}
      buildTag={BUILD_TAG}
      nav={<StepSidebar steps={SELLER_STEPS} progress={progress} />}
    >
      <Routes>
        {SELLER_STEPS.map((s) =>
          s.id === 0 ? (
            <Route key={s.id} index element={<StepPlaceholder steps={SELLER_STEPS} stepId={s.id} progress={progress} homePath="/seller" nextRequiresCompleted={SELLER_NEXT_REQUIRES_COMPLETED} />} />
          ) : (
            <Route
              key={s.id}
              path={s.path.replace('/seller/', '')}
              element={<StepPlaceholder steps={SELLER_STEPS} stepId={s.id} progress={progress} homePath="/seller" nextRequiresCompleted={SELLER_NEXT_REQUIRES_COMPLETED} />}
            />
          ),
        )}
        <Route path="*" element={<NotFound homeTo="/seller" homeLabel="Back to your dashboard" />} />
      </Routes>
    </AreaFrame>
  );
}
