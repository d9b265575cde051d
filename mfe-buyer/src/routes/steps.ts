import { BUYER_STEPS as STEPS } from '@brokerage/contracts/journeys';
import { defineJourney } from '@brokerage/ui/portal';

/**
 * The buyer's 11 steps (titles and paths from contracts) with each screen's Previous/Next (spec part 2 §2): home and
 * messages have none; Next is enabled only once the step is completed on the NDA, financial statement, CBR/CIM,
 * purchase contract and due diligence screens (steps 3, 4, 5, 7, 8).
 */
export const BUYER_STEPS = defineJourney({ home: '/buyer', steps: STEPS, nextRequiresCompleted: [2, 3, 4, 6, 7], noNav: [0, 1] });
