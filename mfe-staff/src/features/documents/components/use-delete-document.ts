import { toast } from '@brokerage/ui';
import type { DocumentDto } from '@brokerage/contracts/documents';
import { serverMessage, type StaffArea } from '../../../api';
import { useDeleteListingDocument } from '../api/documents';
import { DOCUMENT_TEXT } from './texts';

/** A DocumentList's onDelete for a listing's documents: deletes, then says so in a toast, or why it could not. */
export function useDeleteDocumentAction(area: StaffArea, listingId: string): (d: DocumentDto) => Promise<void> {
  const remove = useDeleteListingDocument(area, listingId);
  return async (d) => {
    try {
      await remove.mutateAsync(d.id);
      toast.success(DOCUMENT_TEXT.deleted);
    } catch (e) {
      toast.error(DOCUMENT_TEXT.deleteFailed(serverMessage(e)));
    }
  };
}
