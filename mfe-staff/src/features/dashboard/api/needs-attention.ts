import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import type { UnreadCount } from '@brokerage/contracts/messaging';
import type { NeedsAttentionResponse } from '@brokerage/contracts/needs-attention';
import { messageKeys, staffKeys } from '@brokerage/ui/portal';
import type { StaffArea } from '../../../api';

/** GET /broker|agent/needs-attention: the listings side of the list (the agent's: their assigned listings only). */
export const needsAttentionQuery = (area: StaffArea) =>
  queryOptions({
    queryKey: staffKeys.needsAttention(area),
    queryFn: () => apiFetch<NeedsAttentionResponse>(apiPath('GET', `/${area}/needs-attention`)),
  });

/**
 * GET /messages/unread-count: the caller's unread messages. Under the ['messages'] key, which the sidebar's live badge
 * invalidates on every message event, so the list's line follows new and read messages too.
 */
export const unreadCountQuery = () =>
  queryOptions({
    queryKey: messageKeys.unreadCount,
    queryFn: () => apiFetch<UnreadCount>(apiPath('GET', '/messages/unread-count')),
  });
