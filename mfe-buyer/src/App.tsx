import { JourneyPortal } from '@brokerage/ui/portal';
import { BUYER_AREA_SCREENS, BUYER_SCREENS } from './routes';
import { BUYER_STEPS } from './routes/steps';

const BUILD_TAG = process.env.MFE_BUILD_TAG;

/** Root of the buyer area, mounted by the shell at /buyer/*; routes are relative to that prefix. */
export default function BuyerApp() {
  return (
    <JourneyPortal
      area="buyer"
      areaLabel="Buyer Portal"
      defaultName="Buyer"
      buildTag={BUILD_TAG}
      steps={BUYER_STEPS}
      screens={BUYER_SCREENS}
      extraScreens={BUYER_AREA_SCREENS}
    />
  );
}
