import { useState } from 'react';
import { apiPath } from '@brokerage/contracts/api/path';
import { useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_MSG } from '@brokerage/contracts/documents';
import { DUE_DILIGENCE_DOCUMENT_TYPE } from '@brokerage/contracts/due-diligence';
import { SELLER_DUE_DILIGENCE_CATEGORIES, SELLER_DUE_DILIGENCE_ITEMS } from '@brokerage/contracts/seller-due-diligence';
import { Card, Select, toast } from '@brokerage/ui';
import { FileUpload, useProgressRefresh } from '@brokerage/ui/portal';
import { AREA } from '../../../api/client';
import { DUE_DILIGENCE_STEP, ddKeys, ddUploadPath } from '../api';

/**
 * Multi-file upload (drag and drop or picker, progress per file) of due-diligence files for the selected listing,
 * filed under the item they answer. Buyers never see the seller's files; the broker or agent passes them on.
 */
export function DdUploadCard({ listingId }: { listingId: string | null }) {
  const [itemId, setItemId] = useState('');
  const item = SELLER_DUE_DILIGENCE_ITEMS.find((i) => i.id === itemId);
  const client = useQueryClient();
  const refreshProgress = useProgressRefresh(AREA);
  return (
    <Card title="Upload due diligence files">
      <div className="bb-stack">
        <Select
          label="These files are for"
          value={itemId}
          onChange={(e) => setItemId(e.target.value)}
          placeholder="Choose a document"
          hint={item ? `Filed under: ${item.documentName}` : 'Your broker or agent shares your files with the buyers who requested them.'}
        >
          {SELLER_DUE_DILIGENCE_CATEGORIES.map((c) => (
            <optgroup key={c.id} label={c.title}>
              {c.items.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.name}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
        <FileUpload
          label="Upload due diligence documents"
          purpose="DOCUMENTS"
          path={listingId && item ? ddUploadPath(listingId, item.documentName) : listingId ? apiPath('POST', '/seller/due-diligence') : null}
          blockedReason={item ? null : DOCUMENT_MSG.typeRequired}
          fields={{ documentType: DUE_DILIGENCE_DOCUMENT_TYPE, stepId: String(DUE_DILIGENCE_STEP) }}
          onUploaded={() => {
            toast.success(DOCUMENT_MSG.uploaded(1));
            void client.invalidateQueries({ queryKey: ddKeys.view });
            void client.invalidateQueries({ queryKey: ddKeys.requests() });
            refreshProgress();
          }}
        />
      </div>
    </Card>
  );
}
