import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import { JOURNEY_MSG, type StepChangeResponse, type UpdateStepRequest } from '@brokerage/contracts/journeys';
import { toast } from '@brokerage/ui';
import { portalKeys } from '@brokerage/ui/portal';
import { AREA } from '../../../api/client';

/** Buyer step 9 (id 8): completed only with Mark as Complete, shown once the current step is 8 or more (spec part 2 §4). */
export const PRE_CLOSE_STEP = 8;

/** The spec's texts (part 2 §2, §4, §8; part 3 §4). */
export const PRE_CLOSE_TEXT = {
  completed: 'Pre-Close Checklist marked as completed successfully!',
  alreadyCompleted: JOURNEY_MSG.alreadyCompleted,
  failed: 'Failed to update step status. Please try again.',
  noListing: 'Please select a listing first to access the pre-close checklist.',
  noListingTitle: 'No listing selected',
  available: 'Available - Click "Mark as Finished" below',
} as const;

/**
 * Mark as Complete: the spec's buyer step update, POST /buyer/update-step {stepId: 8, completed: true} (part 2 §7 lists
 * no mark-step-completed for the buyer); the answer's progress updates the sidebar at once.
 */
export function useMarkPreCloseComplete() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<StepChangeResponse>(apiPath('POST', '/buyer/update-step'), { method: 'POST', json: { stepId: PRE_CLOSE_STEP, completed: true } satisfies UpdateStepRequest }),
    onSuccess: (answer) => {
      // completed meanwhile (another tab): the server says so and changes nothing
      if (answer?.message === JOURNEY_MSG.alreadyCompleted) toast.info(PRE_CLOSE_TEXT.alreadyCompleted);
      else toast.success(PRE_CLOSE_TEXT.completed);
      if (answer?.progress) client.setQueryData(portalKeys.progress(AREA), answer.progress);
      return client.invalidateQueries({ queryKey: portalKeys.progress(AREA) });
    },
    onError: () => toast.error(PRE_CLOSE_TEXT.failed),
  });
}
