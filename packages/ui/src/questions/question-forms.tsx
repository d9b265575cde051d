import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '@brokerage/api-client';
import { DOCUMENT_MSG } from '@brokerage/contracts/documents';
import { pickerAcceptOf, refusalOfChosenFile } from '@brokerage/contracts/file-kinds';
import { DUE_DILIGENCE_DOCUMENT_NAMES } from '@brokerage/contracts/due-diligence';
import { QUESTION_ATTACHMENT_EXTENSIONS, QUESTION_LIMITS, QUESTION_MSG, type Question } from '@brokerage/contracts/questions';
import { Alert, Button, ProgressBar, Select, TextField, formatFileSize, toast } from '@brokerage/ui';
import { FileName } from '../components/file-name.js';
import { questionKeys } from '../components/query-keys.js';
import { answerQuestion, askQuestion, type QuestionsArea } from './questions-api.js';
import { QUESTIONS_TEXT, clip } from './questions-text.js';

const TOPIC_GENERAL = '';
const TOPIC_OPTIONS = [{ value: TOPIC_GENERAL, label: QUESTION_MSG.general }, ...DUE_DILIGENCE_DOCUMENT_NAMES.map((n) => ({ value: n, label: n }))];

/** The buyer's question: one of the 16 due-diligence names or General, and the text. */
export function AskForm({ listingId, reload }: { listingId: string; reload: () => Promise<unknown> }) {
  const [text, setText] = useState('');
  const [topic, setTopic] = useState(TOPIC_GENERAL);
  const [error, setError] = useState<string | null>(null);
  const ask = useMutation({
    mutationFn: () => askQuestion(listingId, { text: text.trim(), documentName: topic || null }),
    onSuccess: async () => {
      toast.success(QUESTION_MSG.asked);
      setText('');
      setError(null);
      await reload();
    },
    onError: (err) => setError(serverMessage(err) ?? QUESTIONS_TEXT.actionFailed),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError(QUESTION_MSG.textRequired);
    ask.mutate();
  };
  return (
    <form className="bb-qa__form bb-qa__ask" onSubmit={submit} noValidate aria-label={QUESTIONS_TEXT.askTitle}>
      <h3 className="bb-qa__subtitle">{QUESTIONS_TEXT.askTitle}</h3>
      <p className="bb-muted bb-qa__hint">{QUESTIONS_TEXT.askHint}</p>
      <Select label={QUESTIONS_TEXT.topic} value={topic} onChange={(e) => setTopic(e.target.value)} options={TOPIC_OPTIONS} />
      <LongText label={QUESTIONS_TEXT.question} maxLength={QUESTION_LIMITS.textMaxChars} value={text} onChange={setText} error={error} />
      <div>
        <Button type="submit" variant="primary" loading={ask.isPending}>
          {QUESTIONS_TEXT.ask}
        </Button>
      </div>
    </form>
  );
}

/** The seller's and staff's answer: text and optional files (the contracts' kinds and limits, checked when chosen). */
export function AnswerForm({ area, listingId, question, initial, onDone }: {
  area: Exclude<QuestionsArea, 'buyer'>;
  listingId: string;
  question: Question;
  initial?: string;
  onDone?: () => void;
}) {
  const client = useQueryClient();
  const [text, setText] = useState(initial ?? '');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const send = useMutation({
    mutationFn: () => answerQuestion(area, listingId, question.id, text.trim(), files, files.length ? setProgress : undefined),
    onSuccess: async () => {
      toast.success(QUESTION_MSG.answered);
      setError(null);
      setFiles([]);
      onDone?.();
      await client.invalidateQueries({ queryKey: questionKeys.listing(listingId) });
    },
    onError: (err) => setError(serverMessage(err) ?? QUESTIONS_TEXT.actionFailed),
    onSettled: () => setProgress(null),
  });
  const choose = (chosen: File[]) => {
    const refused: string[] = [];
    const fine = chosen.filter((f) => {
      const why = refusalOfChosenFile(f, QUESTION_ATTACHMENT_EXTENSIONS, DOCUMENT_MSG);
      if (why) refused.push(why);
      return !why;
    });
    const next = [...files, ...fine];
    if (next.length > QUESTION_LIMITS.maxAttachments) refused.push(QUESTION_MSG.tooManyAttachments);
    setFiles(next.slice(0, QUESTION_LIMITS.maxAttachments));
    setError(refused.length ? refused.join('\n') : null);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError(QUESTION_MSG.answerRequired);
    send.mutate();
  };
  return (
    <form className="bb-qa__form" onSubmit={submit} noValidate aria-label={`${QUESTIONS_TEXT.answer}: ${clip(question.text, 60)}`}>
      <LongText label={QUESTIONS_TEXT.answer} maxLength={QUESTION_LIMITS.answerMaxChars} value={text} onChange={setText} />
      <input
        ref={picker}
        type="file"
        hidden
        multiple
        accept={Object.values(pickerAcceptOf(QUESTION_ATTACHMENT_EXTENSIONS)).flat().join(',')}
        aria-label={QUESTIONS_TEXT.addFiles}
        onChange={(e) => {
          const chosen = [...(e.target.files ?? [])];
          e.target.value = '';
          choose(chosen);
        }}
      />
      {files.length > 0 && (
        <ul className="bb-qa__files" aria-label="Files to attach">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`}>
              <FileName name={f.name} />
              <span className="bb-muted">{formatFileSize(f.size)}</span>
              <Button size="sm" variant="ghost" onClick={() => setFiles((all) => all.filter((_f, j) => j !== i))}>
                Remove<span className="bb-sr-only"> {f.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {progress !== null && <ProgressBar value={progress} label="Uploading the answer's files" />}
      {error && <Alert tone="error" className="bb-qa__error">{error}</Alert>}
      <div className="bb-qa__actions">
        <Button size="sm" variant="secondary" onClick={() => picker.current?.click()} disabled={files.length >= QUESTION_LIMITS.maxAttachments}>
          {QUESTIONS_TEXT.addFiles}
        </Button>
        <span className="bb-muted bb-qa__accepted">Optional · {QUESTION_ATTACHMENT_EXTENSIONS.join(', ')}</span>
        <span className="bb-qa__spacer" />
        {onDone && (
          <Button size="sm" variant="ghost" onClick={onDone}>
            {QUESTIONS_TEXT.cancel}
          </Button>
        )}
        <Button size="sm" variant="primary" type="submit" loading={send.isPending}>
          {QUESTIONS_TEXT.sendAnswer}
        </Button>
      </div>
    </form>
  );
}

/** The question's and the answer's text box (required, three rows, the contracts' length limit). */
function LongText({ label, maxLength, value, onChange, error }: { label: string; maxLength: number; value: string; onChange: (v: string) => void; error?: string | null }) {
  return (
    <TextField label={label} multiline rows={3} required maxLength={maxLength} value={value} error={error ?? undefined} onChange={(e) => onChange(e.target.value)} />
  );
}
