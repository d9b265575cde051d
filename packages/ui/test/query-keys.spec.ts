import { partialMatchKey, type QueryKey } from '@tanstack/react-query';
import { liveInvalidationKeys } from '../src/components/live-events';
import { checklistQuery } from '../src/components/checklist';
import { closingDocumentsQuery } from '../src/components/closing-documents';
import { dueDiligenceQuery } from '../src/components/due-diligence-table';
import { formDraftQuery, keptDraftQuery } from '../src/components/form-draft';
import { currentListingQuery, progressQuery } from '../src/components/journey-hooks';
import { contactsQuery, messageBoxQuery } from '../src/components/messages';
import { stepUploadsQuery } from '../src/components/step-uploads';
import { questionsQuery } from '../src/questions/questions-api';

const L = '00000000-0000-4000-8000-0000000001AB';
/** Whether an event of this type refreshes a query with this key (invalidateQueries matches key prefixes). */
const refreshes = (type: string, key: QueryKey, e: Record<string, string> = {}) =>
  liveInvalidationKeys({ type, listingId: L, ...e }).some((prefix) => partialMatchKey(key, prefix));

describe('query factories and the live-events table share their keys', () => {
  it('an event reaches the portal widgets whose data it changes', () => {
    expect(refreshes('document.uploaded', stepUploadsQuery('seller', 4, '/api/seller/step/4/documents').queryKey)).toBe(true);
    expect(refreshes('document.deleted', closingDocumentsQuery('buyer').queryKey)).toBe(true);
    expect(refreshes('dd.requested', dueDiligenceQuery(L, 'broker', 'b1').queryKey)).toBe(true);
    expect(refreshes('dd.file', dueDiligenceQuery(L, 'buyer').queryKey)).toBe(true);
    expect(refreshes('checklist.changed', checklistQuery(L, 'seller').queryKey)).toBe(true);
    expect(refreshes('step.completed', progressQuery('seller').queryKey, { kind: 'SELLER' })).toBe(true);
    expect(refreshes('listing.changed', currentListingQuery('buyer').queryKey)).toBe(true);
    expect(refreshes('message.new', messageBoxQuery('inbox').queryKey)).toBe(true);
    expect(refreshes('message.read', contactsQuery().queryKey)).toBe(true);
    for (const area of ['buyer', 'seller', 'broker', 'agent'] as const) expect(refreshes('question.changed', questionsQuery(area, L).queryKey)).toBe(true);
  });

  it('an event leaves other areas alone, and drafts are keyed as drafts (never reloaded under the user)', () => {
    expect(refreshes('step.completed', progressQuery('buyer').queryKey, { kind: 'SELLER' })).toBe(false);
    expect(refreshes('checklist.changed', checklistQuery('00000000-0000-4000-8000-000000000199', 'seller').queryKey)).toBe(false);
    expect(refreshes('question.changed', questionsQuery('buyer', '00000000-0000-4000-8000-000000000199').queryKey)).toBe(false);
    expect(formDraftQuery('buyer', 'nda').queryKey).toContain('form');
    expect(keptDraftQuery('listing:new').queryKey).toContain('drafts');
  });
});
