import { SELLER_STEPS as STEPS } from '@brokerage/contracts/journeys';
import { defineJourney } from '@brokerage/ui/portal';

/**
 * The seller's 11 steps (titles and paths from contracts) with each screen's Previous/Next (spec part 2 §2): home and
 * messages have none; Next of the listing agreement (step 3) is enabled only once it is completed.
 */
export const SELLER_STEPS = defineJourney({ home: '/seller', steps: STEPS, nextRequiresCompleted: [2], noNav: [0, 1] });
