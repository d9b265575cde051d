import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import type { StepChangeResponse } from '@brokerage/contracts/journeys';
import { toast } from '@brokerage/ui';
import { portalKeys } from '@brokerage/ui/portal';
import { AREA } from '../../../api/client';

/** Seller step 11 (id 10): completed by hand with Complete Journey (a manual step). */
export const AFTER_SALE_STEP = 10;

/** POST /seller/mark-step-completed {stepId: 10}; the answer's progress updates the sidebar at once. */
export function useCompleteJourney() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<StepChangeResponse>(apiPath('POST', '/seller/mark-step-completed'), { method: 'POST', json: { stepId: AFTER_SALE_STEP } }),
    onSuccess: (answer) => {
      if (answer?.progress) client.setQueryData(portalKeys.progress(AREA), answer.progress);
      return client.invalidateQueries({ queryKey: portalKeys.progress(AREA) });
    },
    onError: () => toast.error('Failed to update step status. Please try again.'),
  });
}
