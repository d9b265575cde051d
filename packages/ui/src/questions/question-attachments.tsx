import { useState } from 'react';
import { serverMessage } from '@brokerage/api-client';
import type { QuestionAttachment } from '@brokerage/contracts/questions';
import { Button, formatFileSize, toast } from '@brokerage/ui';
import { saveDocument } from '../components/document-download.js';
import { FileName } from '../components/file-name.js';
import { attachmentPath, type QuestionsArea } from './questions-api.js';

/** An answer's files, each with Download (through the caller's area). */
export function AttachmentList({ area, attachments }: { area: QuestionsArea; attachments: QuestionAttachment[] }) {
  const [saving, setSaving] = useState<string | null>(null);
  const download = async (id: string, fileName: string) => {
    setSaving(id);
    try {
      await saveDocument(attachmentPath(area, id), fileName);
    } catch (err) {
      toast.error(serverMessage(err) ?? 'Download failed. Please try again.');
    } finally {
      setSaving(null);
    }
  };
  return (
    <ul className="bb-qa__files" aria-label="Attached files">
      {attachments.map((f) => (
        <li key={f.id}>
          <FileName name={f.fileName} />
          <span className="bb-muted">{formatFileSize(f.fileSize)}</span>
          <Button size="sm" variant="secondary" loading={saving === f.id} onClick={() => void download(f.id, f.fileName)}>
            Download<span className="bb-sr-only"> {f.fileName}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
