import { JourneyPortal } from '@brokerage/ui/portal';
import { SELLER_AREA_SCREENS, SELLER_SCREENS } from './routes';
import { SELLER_STEPS } from './routes/steps';

const BUILD_TAG = process.env.MFE_BUILD_TAG;

/** Root of the seller area, mounted by the shell at /seller/*; routes are relative to that prefix. */
export default function SellerApp() {
  return (
    <JourneyPortal
      area="seller"
      areaLabel="Seller Portal"
      defaultName="Seller"
      buildTag={BUILD_TAG}
      steps={SELLER_STEPS}
      screens={SELLER_SCREENS}
      extraScreens={SELLER_AREA_SCREENS}
    />
  );
}
