import type { ReactNode } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiFetch, serverMessage } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import {
  DOCUMENT_MSG,
  type DocumentDto,
  type DocumentListResponse,
  type DocumentTagResponse,
  type DocumentType,
} from '@brokerage/contracts/documents';
import { Card, Loading, toast } from '@brokerage/ui';
import { DocumentList } from './document-list.js';
import { FileUpload, type FileTagOption } from './file-upload.js';
import { RequestedDocumentsChecklist } from './file-upload-checklist.js';
import { useJourney } from './journey-context.js';
import { portalKeys, useCurrentListing } from './journey-hooks.js';
import { stepState, type JourneyArea } from './journey.js';
import { LoadError } from './page-kit.js';
import { StepFrame } from './steps.js';

/** Spec part 2 §8, uploads and deletes. */
export const FILE_DELETE_TEXT = {
  done: 'File deleted successfully',
  failed: (message: string) => `Delete failed: ${message}`,
} as const;

/**
 * Reloads the progress now and twice shortly after: a document upload or download completes its step through the
 * documents service's journey outbox a moment after the call answered.
 */
export function useProgressRefresh(area: JourneyArea) {
  const client = useQueryClient();
  return () => {
    const reload = () => void client.invalidateQueries({ queryKey: portalKeys.progress(area) });
    reload();
    setTimeout(reload, 1500);
    setTimeout(reload, 4000);
  };
}

/** DELETE /seller|buyer/listings/{listingId}/documents/{id} with the spec's alerts; `listKey` reloads after. */
export function useDeleteOwnDocument(area: JourneyArea, listKey: QueryKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (d: DocumentDto) => apiFetch<{ message: string }>(apiPath('DELETE', `/${area}/listings/:listingId/documents/:documentId`, { listingId: d.listingId, documentId: d.id }), { method: 'DELETE' }),
    onSuccess: () => {
      toast.success(FILE_DELETE_TEXT.done);
      return client.invalidateQueries({ queryKey: listKey });
    },
    onError: (err) => toast.error(FILE_DELETE_TEXT.failed(serverMessage(err) ?? 'Please try again.')),
  });
}

/** Re-tagging an upload (PATCH /seller|buyer/documents/{id}/tag). */
export const FILE_TAG_TEXT = {
  failed: (message: string) => `Could not change the document type: ${message}`,
} as const;

/** PATCH /seller|buyer/documents/{id}/tag {tag|null}; `listKey` reloads after, so the checklist follows. */
export function useRetagOwnDocument(area: JourneyArea, listKey: QueryKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ doc, tag }: { doc: DocumentDto; tag: string | null }) =>
      apiFetch<DocumentTagResponse>(apiPath('PATCH', `/${area}/documents/:documentId/tag`, { documentId: doc.id }), { method: 'PATCH', json: { tag } }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      return client.invalidateQueries({ queryKey: listKey });
    },
    onError: (err) => {
      toast.error(FILE_TAG_TEXT.failed(serverMessage(err) ?? 'Please try again.'));
      return client.invalidateQueries({ queryKey: listKey });
    },
  });
}

/** A step's requested documents: the upload's "Document type" choices and the checklist they tick. */
export interface RequestedDocuments {
  title: string;
  intro?: ReactNode;
  items: readonly FileTagOption[];
}

export interface StepUploadsProps {
  stepId: number;
  title?: string;
  /** What to upload, shown above the drop zone. */
  intro: string;
  /** Type the uploads are filed as (sent with stepId, before the files). */
  documentType: DocumentType;
  /** Read of the listed documents (e.g. `/seller/step/4/documents`), narrowed by `keep`. */
  listPath: string;
  keep?: (d: DocumentDto) => boolean;
  uploadLabel: string;
  listLabel: string;
  /**
   * The requested documents: a "Document type" select on the upload (sent as the `tag` field), the type shown and
   * changeable on each listed file, and the checklist ticked by the listed files' tags.
   */
  requested?: RequestedDocuments;
  /** Further guidance under the list. */
  children?: ReactNode;
}

/** A step's listed documents (`listPath`, e.g. `/seller/step/4/documents`). */
export const stepUploadsQuery = (area: JourneyArea, stepId: number, listPath: string) =>
  queryOptions({ queryKey: portalKeys.stepUploads(area, stepId), queryFn: () => apiFetch<DocumentListResponse>(listPath) });

/**
 * A client's "Upload Docs" step (seller step 5, buyer step 6): several files by drag and drop or picker with progress,
 * the uploaded files with delete behind "Are you sure you want to delete this file?", and the step's guidance. Uploads
 * go to the selected listing; the first one completes the step (documents service → journey), so progress reloads.
 */
export function StepUploads({ stepId, title, intro, documentType, listPath, keep, uploadLabel, listLabel, requested, children }: StepUploadsProps) {
  const { area, progress } = useJourney();
  const listKey = portalKeys.stepUploads(area, stepId);
  const docs = useQuery({ ...stepUploadsQuery(area, stepId, listPath), select: (r) => (keep ? r.documents.filter(keep) : r.documents) });
  const current = useCurrentListing(area);
  const client = useQueryClient();
  const refreshProgress = useProgressRefresh(area);
  const remove = useDeleteOwnDocument(area, listKey);
  const retag = useRetagOwnDocument(area, listKey);
  const noListing = current.data?.needsSelection || (current.isSuccess && !current.data?.listing);
  const completed = stepState(stepId, progress) === 'completed';

  return (
    <StepFrame stepId={stepId} title={title}>
      <div className="bb-stack">
        <p className="bb-muted">
          {intro} {completed ? 'This step is complete; you can keep adding files.' : 'Your first upload completes this step.'}
        </p>
        <Card title="Upload files">
          <FileUpload
            label={uploadLabel}
            purpose="DOCUMENTS"
            path={noListing ? null : apiPath('POST', `/${area}/documents/upload`)}
            fields={{ documentType, stepId: String(stepId) }}
            tagOptions={requested?.items}
            onUploaded={() => {
              toast.success(DOCUMENT_MSG.uploaded(1));
              void client.invalidateQueries({ queryKey: listKey });
              refreshProgress();
            }}
          />
        </Card>
        <Card title="Uploaded files">
          {docs.isPending ? (
            <Loading />
          ) : docs.isError ? (
            <LoadError message="Failed to load data" onRetry={() => void docs.refetch()} error={docs.error} />
          ) : (
            <DocumentList
              label={listLabel}
              documents={docs.data}
              empty="No files uploaded yet."
              confirm="file"
              viewer={area}
              onDelete={(d) => remove.mutateAsync(d)}
              tagOptions={requested?.items}
              onTagChange={requested ? (doc, tag) => retag.mutateAsync({ doc, tag }) : undefined}
            />
          )}
        </Card>
        {requested && (
          <RequestedDocumentsChecklist title={requested.title} intro={requested.intro} items={requested.items} documents={docs.data ?? []} />
        )}
        {children}
      </div>
    </StepFrame>
  );
}
