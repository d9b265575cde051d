// @brokerage/ui/portal — the portal entry: the seller, buyer and staff areas' widgets (journeys, steps, messages,
// checklists, documents and uploads, due diligence, agreements, data tables) and date formatting (date-fns). A separate
// federation singleton, so that public pages load none of it (nor zod through contracts, date-fns, react-dropzone).
// Rule: portal modules import core things (controls, dialogs, toast, formatMoney/formatFileSize) from the package name
// '@brokerage/ui', never by relative path: a relative import would give this entry its own copy of the core modules
// (and of the toast queue's state). test/entry-split.spec.ts checks it.
export { AreaFrame } from './components/area-frame.js';
export { LIVE_INVALIDATIONS, liveInvalidationKeys, useLiveUpdates, type LiveNotice } from './components/live-events.js';
export { draftKeys, questionKeys, staffKeys, type StaffKeyArea } from './components/query-keys.js';
export type { AreaFrameProps, NavItem } from './components/area-frame.js';
export {
  JourneyProgressBar,
  JourneySidebar,
  StepFrame,
  StepPlaceholder,
  StepSidebar,
  StepStatusBadge,
} from './components/steps.js';
export type { StepFrameProps, StepSidebarProps } from './components/steps.js';
export { JourneyProvider, useJourney, useJourneyIfAny } from './components/journey-context.js';
export type { JourneyValue } from './components/journey-context.js';
export { JourneyPortal } from './components/journey-portal.js';
export type { AreaScreen, JourneyPortalProps } from './components/journey-portal.js';
export {
  ClientHome,
  HOME_TEXT,
  JourneyProgressCard,
  JourneyStatTiles,
  ListingList,
  ListingPicker,
  ListingSummary,
  NoListingSelected,
  SelectedListingCard,
  StepOneCard,
  useListingChooser,
} from './components/portal-home.js';
export type { ClientHomeProps, PickerListing } from './components/portal-home.js';
export * from './components/journey.js';
export { FILE_TAG_NONE, FileUpload, type FileTagOption, type FileUploadProps } from './components/file-upload.js';
export { RequestedDocumentsChecklist, type RequestedDocumentsChecklistProps } from './components/file-upload-checklist.js';
export { DocumentList, DATA_ROOM_TEXT, DELETE_CONFIRM_TEXT, documentTypeLabel, tagLabelOf, viewableInViewer, type DocumentAccessControl, type DocumentListProps, type ListedDocument, type RevokedAccess } from './components/document-list.js';
export { UPLOAD_CANCELED, UPLOAD_TEXT, apiUrl, uploadFailedText, uploadFile, type UploadRequest } from './components/upload-request.js';
export { saveDocument } from './components/document-download.js';
export { DocumentViewer, VIEWER_ZOOMS, viewerKeys, type DocumentViewerProps, type ViewerArea } from './components/document-viewer.js';
export { EngagementDocuments, EngagementPanel, formatDuration, PageHeatStrip, type EngagementPanelProps } from './components/engagement-panel.js';
export { ClosingDocuments, closingDocumentsQuery, CLOSING_DOWNLOAD_GAP_MS, CLOSING_STEP, CLOSING_TEXT } from './components/closing-documents.js';
export {
  FILE_DELETE_TEXT,
  FILE_TAG_TEXT,
  StepUploads,
  stepUploadsQuery,
  useDeleteOwnDocument,
  useProgressRefresh,
  useRetagOwnDocument,
  type RequestedDocuments,
  type StepUploadsProps,
} from './components/step-uploads.js';
export {
  LOAD_FAILED_TEXT,
  SELECT_TEXT,
  currentListingQuery,
  portalKeys,
  progressQuery,
  useCurrentListing,
  useJourneyProgress,
  useLoadFailureToast,
  useSelectListing,
} from './components/journey-hooks.js';
export { NotFound } from './components/not-found.js';
export { SectionNav, SectionedLayout, useCurrentSection, type NavSection } from './components/section-nav.js';
export * from './components/data-widgets.js';
export * from './components/page-kit.js';
export { Checklist, checklistKeys, checklistQuery, checklistPrefix, checklistProgress, type ChecklistPrefix, type ChecklistProps } from './components/checklist.js';
export { Messages, MESSAGES_TEXT, contactsQuery, messageBoxQuery, messageKeys, type MessagesProps } from './components/messages.js';
export { DraftStatus, FormDraftActions, FormDraftBody, formDraftQuery, keptDraftQuery, useAutosave, useFormDraft, useKeptDraft, useServerDraft, withDraft, type DraftSaveState, type FormDraftOptions, type FormDraftState, type FormDraftTexts } from './components/form-draft.js';
export {
  DUE_DILIGENCE_DOCUMENT_NAMES,
  DUE_DILIGENCE_MESSAGE_MS,
  DUE_DILIGENCE_STEP,
  DUE_DILIGENCE_TEXT,
  DueDiligenceTable,
  dueDiligenceCounts,
  dueDiligenceKeys,
  dueDiligencePath,
  dueDiligenceQuery,
  dueDiligenceRows,
  type DueDiligenceData,
  type DueDiligenceFile,
  type DueDiligenceRow,
  type DueDiligenceStatus,
  type DueDiligenceTableProps,
} from './components/due-diligence-table.js';
export * from './components/agreement/index.js';
export { ClosingInfo, CLOSING_INFO_TEXT, type ClosingInfoProps } from './components/closing-info.js';
export { formatDateTime } from './format-date.js';
export { StepChangeNote, stepChangeText, type StepChange } from './components/step-change.js';
export { NotificationSettings } from './notification-settings/notification-settings.js';
export { notificationSettingsQuery } from './notification-settings/notification-settings-api.js';
export * from './questions/index.js';
