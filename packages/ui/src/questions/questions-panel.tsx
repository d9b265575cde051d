import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '@brokerage/api-client';
import { DOCUMENT_MSG } from '@brokerage/contracts/documents';
import { pickerAcceptOf, refusalOfChosenFile } from '@brokerage/contracts/file-kinds';
import { DUE_DILIGENCE_DOCUMENT_NAMES } from '@brokerage/contracts/due-diligence';
import {
  QUESTION_ATTACHMENT_EXTENSIONS,
  QUESTION_LIMITS,
  QUESTION_MSG,
  RELEASE_AUDIENCE_LABELS,
  type Question,
  type QuestionAction,
  type QuestionHistoryEntry,
  type QuestionState,
} from '@brokerage/contracts/questions';
import { Alert, Badge, Button, Dialog, Loading, ProgressBar, Select, TextField, cx, formatFileSize, toast, type BadgeProps } from '@brokerage/ui';
import { saveDocument } from '../components/document-download.js';
import { FileName } from '../components/file-name.js';
import { LoadError } from '../components/page-kit.js';
import { questionKeys } from '../components/query-keys.js';
import { formatDateTime } from '../format-date.js';
import {
  answerQuestion,
  askQuestion,
  attachmentPath,
  byNewest,
  isStaffArea,
  questionsAreaOf,
  questionsQuery,
  staffAct,
  type QuestionsArea,
  type StaffAction,
} from './questions-api.js';
import './questions.css';

/** The screens' texts (the server's and the confirmations are contracts QUESTION_MSG). */
export const QUESTIONS_TEXT = {
  title: 'Questions',
  askTitle: 'Ask a question',
  askHint: 'Your broker or agent reads every question and answers it, or asks the seller. Other buyers never see who asked.',
  topic: 'About',
  question: 'Your question',
  ask: 'Ask question',
  mine: 'Your questions',
  mineEmpty: 'You have not asked anything yet.',
  faq: 'FAQ',
  faqHint: 'Answers released to every buyer of this listing.',
  faqEmpty: 'No answers have been released to every buyer yet.',
  inFaq: 'In the FAQ',
  yours: 'Your question',
  waiting: 'Waiting for an answer.',
  sellerTitle: 'Questions from buyers',
  buyerTitle: 'Questions and answers',
  sellerHint: 'Questions your broker or agent sent you. Buyers are not named; your answer goes to your broker or agent, who releases it.',
  forYou: 'Waiting for your answer',
  forYouEmpty: 'Nothing is waiting for your answer.',
  answeredByYou: 'Answered',
  staffHint: 'Every question of this listing with who asked it. Route a question to the seller or answer it, merge duplicates, then release the answer.',
  answer: 'Answer',
  sendAnswer: 'Send answer',
  addFiles: 'Attach files',
  route: 'Route to seller',
  merge: 'Merge into…',
  mergeTitle: 'Merge into another question',
  mergeTarget: 'Question to merge into',
  mergeConfirm: 'Merge',
  releaseAsker: 'Release to asker',
  releaseAll: 'Release to all buyers',
  history: 'History',
  cancel: 'Cancel',
  failed: 'Failed to load questions',
  actionFailed: 'Something went wrong. Please try again.',
} as const;

const STATE_TONE: Record<QuestionState, BadgeProps['tone']> = { Open: 'warning', 'With seller': 'info', Answered: 'navy', Released: 'success' };
const ROLE_LABEL: Record<string, string> = { BUYER: 'buyer', BROKER: 'broker', AGENT: 'agent', SELLER: 'seller' };
const ACTION_LABEL: Record<QuestionAction, string> = {
  asked: 'Asked',
  routed: 'Routed to the seller',
  answered: 'Answered',
  merged: 'Merged into another question',
  'merged-in': 'A duplicate was merged in',
  released: 'Released',
};

export interface QuestionsPanelProps {
  listingId: string;
  /** BUYER: ask, own questions, FAQ. SELLER: the questions routed to them. BROKER / AGENT: every question and the actions. Any case. */
  role: string;
  /** The section's heading (default "Questions"). */
  title?: string;
}

/**
 * Due-diligence Q&A of one listing (issue 24 §3), one widget for every role:
 * - buyer: ask (text + one of the 16 due-diligence names or General), their own questions with state and, once
 *   released, the answer; the FAQ of answers released to every buyer (never who asked);
 * - seller: the questions routed to them, each with an Answer form (text + optional files); what they answered;
 * - broker / agent: every question with its asker, state and history; Route to seller, Answer, Merge into…, Release to
 *   asker, Release to all buyers.
 * Reads refresh on the listing's `question.changed` live events (questionKeys).
 */
export function QuestionsPanel({ listingId, role, title = QUESTIONS_TEXT.title }: QuestionsPanelProps) {
  const area = questionsAreaOf(role);
  const headingId = useId();
  const q = useQuery(questionsQuery(area, listingId));
  const client = useQueryClient();
  const reload = () => client.invalidateQueries({ queryKey: questionKeys.listing(listingId) });
  const questions = [...(q.data?.questions ?? [])].sort(byNewest);

  let body: ReactNode;
  if (q.isPending) body = <Loading label="Loading questions..." />;
  else if (q.isError) body = <LoadError message={QUESTIONS_TEXT.failed} onRetry={() => void q.refetch()} error={q.error} />;
  else if (area === 'buyer') body = <BuyerView listingId={listingId} questions={questions} reload={reload} />;
  else if (area === 'seller') body = <SellerView listingId={listingId} questions={questions} reload={reload} />;
  else body = <StaffView area={area} listingId={listingId} questions={questions} reload={reload} />;

  return (
    <section className="bb-card bb-qa" aria-labelledby={headingId} data-testid="questions-panel">
      <h2 id={headingId} className="bb-card__title">
        {title}
      </h2>
      {body}
    </section>
  );
}

type ViewProps = { listingId: string; questions: Question[]; reload: () => Promise<unknown> };

// ---------------------------------------------------------------- buyer

const TOPIC_GENERAL = '';
const TOPIC_OPTIONS = [{ value: TOPIC_GENERAL, label: QUESTION_MSG.general }, ...DUE_DILIGENCE_DOCUMENT_NAMES.map((n) => ({ value: n, label: n }))];

function BuyerView({ listingId, questions, reload }: ViewProps) {
  const mine = questions.filter((x) => x.askedByMe);
  // the listing's FAQ: every answer released to all buyers, the caller's own questions too (marked on their card)
  const faq = questions.filter((x) => x.releasedTo === 'ALL');
  return (
    <div className="bb-stack">
      <AskForm listingId={listingId} reload={reload} />
      <QuestionGroup title={QUESTIONS_TEXT.mine} empty={QUESTIONS_TEXT.mineEmpty} questions={mine} render={(x) => <QuestionCard area="buyer" question={x} />} />
      <QuestionGroup
        title={QUESTIONS_TEXT.faq}
        hint={QUESTIONS_TEXT.faqHint}
        empty={QUESTIONS_TEXT.faqEmpty}
        questions={faq}
        render={(x) => <QuestionCard area="buyer" question={x} faq />}
      />
    </div>
  );
}

function AskForm({ listingId, reload }: { listingId: string; reload: () => Promise<unknown> }) {
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

// ---------------------------------------------------------------- seller

function SellerView({ listingId, questions }: ViewProps) {
  const waiting = questions.filter((x) => x.state === 'With seller' && !x.mergedInto);
  const answered = questions.filter((x) => !waiting.includes(x));
  return (
    <div className="bb-stack">
      <p className="bb-muted bb-qa__hint">{QUESTIONS_TEXT.sellerHint}</p>
      <QuestionGroup
        title={QUESTIONS_TEXT.forYou}
        empty={QUESTIONS_TEXT.forYouEmpty}
        questions={waiting}
        render={(x) => (
          <QuestionCard area="seller" question={x}>
            <AnswerForm area="seller" listingId={listingId} question={x} />
          </QuestionCard>
        )}
      />
      {answered.length > 0 && (
        <QuestionGroup title={QUESTIONS_TEXT.answeredByYou} empty="" questions={answered} render={(x) => <QuestionCard area="seller" question={x} />} />
      )}
    </div>
  );
}

// ---------------------------------------------------------------- staff

function StaffView({ area, listingId, questions }: ViewProps & { area: 'broker' | 'agent' }) {
  const top = questions.filter((x) => !x.mergedInto);
  const mergedInto = (id: string) => questions.filter((x) => x.mergedInto === id);
  return (
    <div className="bb-stack">
      <p className="bb-muted bb-qa__hint">{QUESTIONS_TEXT.staffHint}</p>
      <QuestionGroup
        title={`All questions (${top.length})`}
        empty={QUESTION_MSG.noQuestions}
        questions={top}
        render={(x) => (
          <QuestionCard area={area} question={x} duplicates={mergedInto(x.id)}>
            <StaffActions area={area} listingId={listingId} question={x} others={top.filter((o) => o.id !== x.id && o.state !== 'Released')} />
          </QuestionCard>
        )}
      />
    </div>
  );
}

function StaffActions({ area, listingId, question, others }: { area: 'broker' | 'agent'; listingId: string; question: Question; others: Question[] }) {
  const client = useQueryClient();
  const [answering, setAnswering] = useState(false);
  const [merging, setMerging] = useState(false);
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: (a: StaffAction) => staffAct(area, listingId, question.id, a),
    onSuccess: async (_r, a) => {
      toast.success(a.kind === 'route' ? QUESTION_MSG.routed : a.kind === 'merge' ? QUESTION_MSG.mergedDone : QUESTION_MSG.released);
      setError(null);
      setMerging(false);
      await client.invalidateQueries({ queryKey: questionKeys.listing(listingId) });
    },
    onError: (err) => setError(serverMessage(err) ?? QUESTIONS_TEXT.actionFailed),
  });
  const s = question.state;
  const canAnswer = s !== 'Released';
  const canRelease = s === 'Answered';
  const canReleaseAll = s === 'Answered' || (s === 'Released' && question.releasedTo === 'ASKER');
  const busy = (k: StaffAction['kind'], audience?: string) =>
    act.isPending && act.variables?.kind === k && (audience === undefined || (act.variables.kind === 'release' && act.variables.audience === audience));
  const about = <span className="bb-sr-only"> “{question.text}”</span>;
  return (
    <>
      <div className="bb-qa__actions" role="group" aria-label="Actions">
        {s === 'Open' && (
          <Button size="sm" variant="secondary" loading={busy('route')} onClick={() => act.mutate({ kind: 'route' })}>
            {QUESTIONS_TEXT.route}
            {about}
          </Button>
        )}
        {canAnswer && !answering && (
          <Button size="sm" variant="secondary" onClick={() => setAnswering(true)}>
            {QUESTIONS_TEXT.answer}
            {about}
          </Button>
        )}
        {s !== 'Released' && others.length > 0 && (
          <Button size="sm" variant="secondary" onClick={() => setMerging(true)}>
            {QUESTIONS_TEXT.merge}
            {about}
          </Button>
        )}
        {canRelease && (
          <Button size="sm" variant="primary" loading={busy('release', 'ASKER')} onClick={() => act.mutate({ kind: 'release', audience: 'ASKER' })}>
            {QUESTIONS_TEXT.releaseAsker}
            {about}
          </Button>
        )}
        {canReleaseAll && (
          <Button size="sm" variant="primary" loading={busy('release', 'ALL')} onClick={() => act.mutate({ kind: 'release', audience: 'ALL' })}>
            {QUESTIONS_TEXT.releaseAll}
            {about}
          </Button>
        )}
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      {answering && canAnswer && (
        <AnswerForm area={area} listingId={listingId} question={question} initial={question.answer?.text} onDone={() => setAnswering(false)} />
      )}
      <Dialog
        open={merging}
        onClose={() => setMerging(false)}
        title={QUESTIONS_TEXT.mergeTitle}
        actions={
          <>
            <Button variant="secondary" onClick={() => setMerging(false)}>
              {QUESTIONS_TEXT.cancel}
            </Button>
            <Button variant="primary" disabled={!target} loading={busy('merge')} onClick={() => act.mutate({ kind: 'merge', intoQuestionId: target })}>
              {QUESTIONS_TEXT.mergeConfirm}
            </Button>
          </>
        }
      >
        <div className="bb-stack">
          <p>
            “{question.text}” then follows the question you choose: its state, answer and release.
          </p>
          <Select
            label={QUESTIONS_TEXT.mergeTarget}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            placeholder="Choose a question"
            options={others.map((o) => ({ value: o.id, label: `${clip(o.text, 80)}${o.askerName ? ` (${o.askerName})` : ''}` }))}
          />
          {error && merging && <Alert tone="error">{error}</Alert>}
        </div>
      </Dialog>
    </>
  );
}

// ---------------------------------------------------------------- shared pieces

function AnswerForm({ area, listingId, question, initial, onDone }: {
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

function QuestionGroup({ title, hint, empty, questions, render }: {
  title: string;
  hint?: string;
  empty: string;
  questions: Question[];
  render: (q: Question) => ReactNode;
}) {
  const id = useId();
  return (
    <section className="bb-qa__group" aria-labelledby={id}>
      <h3 id={id} className="bb-qa__subtitle">
        {title}
      </h3>
      {hint && <p className="bb-muted bb-qa__hint">{hint}</p>}
      {questions.length === 0 ? (
        <p className="bb-muted">{empty}</p>
      ) : (
        <ul className="bb-qa__list">
          {questions.map((x) => (
            <li key={x.id}>{render(x)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function QuestionCard({ area, question: x, faq, duplicates = [], children }: {
  area: QuestionsArea;
  question: Question;
  faq?: boolean;
  duplicates?: Question[];
  children?: ReactNode;
}) {
  const staff = isStaffArea(area);
  return (
    <article className={cx('bb-qa__item', faq && 'bb-qa__item--faq')} data-question-id={x.id} data-state={x.state} aria-label={clip(x.text, 80)}>
      <div className="bb-qa__head">
        <Badge tone="neutral" className="bb-qa__topic">
          {x.documentName ?? QUESTION_MSG.general}
        </Badge>
        {!faq && (
          <Badge tone={STATE_TONE[x.state]} data-testid="question-state">
            {x.state}
          </Badge>
        )}
        {staff && x.releasedTo && <Badge tone="gold">{RELEASE_AUDIENCE_LABELS[x.releasedTo]}</Badge>}
        {area === 'buyer' && !faq && x.releasedTo === 'ALL' && <Badge tone="gold">{QUESTIONS_TEXT.inFaq}</Badge>}
        {area === 'buyer' && faq && x.askedByMe && <Badge tone="gold">{QUESTIONS_TEXT.yours}</Badge>}
      </div>
      <p className="bb-qa__text">{x.text}</p>
      <p className="bb-muted bb-qa__meta">
        {staff && x.askerName ? `Asked by ${x.askerName} · ` : 'Asked '}
        {formatDateTime(x.askedAt)}
      </p>
      {duplicates.length > 0 && (
        <div className="bb-qa__dups">
          <p className="bb-qa__label">Merged duplicates</p>
          <ul>
            {duplicates.map((d) => (
              <li key={d.id}>
                “{d.text}”{d.askerName ? ` (${d.askerName})` : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
      {x.answer ? (
        <AnswerBlock area={area} question={x} />
      ) : (
        area === 'buyer' && <p className="bb-muted bb-qa__meta">{QUESTIONS_TEXT.waiting}</p>
      )}
      {children}
      {staff && x.history.length > 0 && <History entries={x.history} />}
    </article>
  );
}

function AnswerBlock({ area, question }: { area: QuestionsArea; question: Question }) {
  const answer = question.answer!;
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
  // a buyer reads who answered as "your broker or agent" or the seller: never a person's name (there is none to show)
  return (
    <div className="bb-qa__answer">
      <p className="bb-qa__label">
        Answer <span className="bb-muted">· by the {ROLE_LABEL[answer.answeredByRole] ?? 'broker'} · {formatDateTime(answer.answeredAt)}</span>
      </p>
      <p className="bb-qa__text">{answer.text}</p>
      {answer.attachments.length > 0 && (
        <ul className="bb-qa__files" aria-label="Attached files">
          {answer.attachments.map((f) => (
            <li key={f.id}>
              <FileName name={f.fileName} />
              <span className="bb-muted">{formatFileSize(f.fileSize)}</span>
              <Button size="sm" variant="secondary" loading={saving === f.id} onClick={() => void download(f.id, f.fileName)}>
                Download<span className="bb-sr-only"> {f.fileName}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function History({ entries }: { entries: QuestionHistoryEntry[] }) {
  return (
    <details className="bb-qa__history">
      <summary>
        {QUESTIONS_TEXT.history} ({entries.length})
      </summary>
      <ol>
        {entries.map((h, i) => (
          <li key={`${h.at}-${i}`}>
            <span className="bb-muted">{formatDateTime(h.at)}</span> {historyText(h)}
          </li>
        ))}
      </ol>
    </details>
  );
}

function historyText(h: QuestionHistoryEntry): string {
  const by = ROLE_LABEL[h.byRole] ? ` by the ${ROLE_LABEL[h.byRole]}` : '';
  if (h.action === 'released' && h.audience) return `${ACTION_LABEL.released} to ${h.audience === 'ALL' ? 'all buyers' : 'the asking buyer'}${by}`;
  return `${ACTION_LABEL[h.action]}${by}`;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
