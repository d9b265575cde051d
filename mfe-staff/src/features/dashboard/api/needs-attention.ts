import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import type { UnreadCount } from '@brokerage/contracts/messaging';
import type { NeedsAttentionResponse } from '@brokerage/contracts/needs-attention';
import type { StaffArea } from '../../../api';

/** GET /broker|agent/needs-attention: the listings side of the list (the agent's: their assigned listings only). */
export function useNeedsAttention(area: StaffArea) {
  return useQuery({
    queryKey: ['staff', area, 'needs-attention'],
    queryFn: () => apiFetch<NeedsAttentionResponse>(apiPath('GET', `/${area}/needs-attention`)),
  });
}

/**
 * GET /messages/unread-count: the caller's unread messages. Under the ['messages'] key, which the sidebar's live badge
 * invalidates on every message event, so the list's line follows new and read messages too.
 */
export function useUnreadCount() {
  return useQuery({
    queryKey: ['messages', 'unread-count'],
    queryFn: () => apiFetch<UnreadCount>(apiPath('GET', '/messages/unread-count')),
  });
}
