import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import { JOURNEY_MSG, type StepChangeResponse } from '@brokerage/contracts/journeys';
import { toast } from '@brokerage/ui';
import { portalKeys } from '@brokerage/ui/portal';
import { AREA } from '../../../api/client';

/** Seller step 9 (id 8): completed only by the manual toggle, offered once the current step is 8 or more (spec part 2 §4). */
export const PRE_CLOSE_STEP = 8;

/** The toggle's alerts (spec part 2 §4, §8; the seller's incomplete text is not given there: ours). */
export const PRE_CLOSE_TEXT = {
  completed: 'Pre-Close Checklist marked as completed successfully!',
  incomplete: 'Pre-Close Checklist marked as incomplete.',
  alreadyCompleted: JOURNEY_MSG.alreadyCompleted,
  failed: 'Failed to update step status. Please try again.',
  noListing: 'Please select a listing first to access the pre-close checklist.',
} as const;

/**
 * Mark as Complete (POST /seller/mark-step-completed {stepId: 8}) or Mark as Incomplete (POST
 * /seller/mark-step-incomplete {stepId: 8}); each shows its alert, and the answer's progress updates the sidebar at once.
 */
export function useTogglePreCloseStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (complete: boolean) =>
      apiFetch<StepChangeResponse>(apiPath('POST', complete ? '/seller/mark-step-completed' : '/seller/mark-step-incomplete'), {
        method: 'POST',
        json: { stepId: PRE_CLOSE_STEP },
      }),
    onSuccess: (answer, complete) => {
      if (!complete) toast.success(PRE_CLOSE_TEXT.incomplete);
      else if (answer?.message === JOURNEY_MSG.alreadyCompleted) toast.info(PRE_CLOSE_TEXT.alreadyCompleted);
      else toast.success(PRE_CLOSE_TEXT.completed);
      if (answer?.progress) client.setQueryData(portalKeys.progress(AREA), answer.progress);
      return client.invalidateQueries({ queryKey: portalKeys.progress(AREA) });
    },
    onError: () => toast.error(PRE_CLOSE_TEXT.failed),
  });
}
