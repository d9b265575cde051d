import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, serverMessage } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import { MESSAGE_ATTACHMENT_EXTENSIONS, MESSAGE_LIMITS, MESSAGING_MSG, type Message, type MessagePage } from '@brokerage/contracts/messaging';
import type { ContactsResponse } from '@brokerage/contracts/people';
import type { Role } from '@brokerage/contracts/roles';
import { SLOWEST_UPLOAD_BYTES_PER_SECOND } from '@brokerage/contracts/documents';
import { DRAFT_TEXT, draftKeys, type DraftKey } from '@brokerage/contracts/drafts';
import { refusalOfChosenFile } from '@brokerage/contracts/file-kinds';
import { Alert, Badge, Button, Loading, ProgressBar, Select, TextField, ConfirmDialog, formatFileSize } from '@brokerage/ui';
import { MSG } from '@brokerage/contracts/messages';
import { LoadError } from './page-kit.js';
import { StepFrame } from './steps.js';
import { announceMessagesChanged } from './live-messages.js';
import { messageKeys } from './query-keys.js';
import { apiUrl, sendMultipart } from './upload-request.js';
import { formatDateTime } from '../format-date.js';
import { FileName } from './file-name.js';
import { DraftStatus, useServerDraft, withDraft } from './form-draft.js';
import '../styles/messages.css';

/** The Messages screen's texts (spec part 2 "Messaging", part 3 §2 "Messages screen (all roles)"). */
export const MESSAGES_TEXT = {
  title: 'Messages',
  loggedInAs: (role: string) => `Logged in as ${role}`,
  newMessage: 'New Message',
  cancel: 'Cancel',
  inbox: 'Inbox',
  sent: 'Sent',
  emptyInbox: 'No messages in your inbox',
  emptySent: 'No sent messages',
  newBadge: 'New',
  website: 'Website',
  loadMore: 'Load more',
  deleteConfirm: 'Are you sure you want to delete this message? This action cannot be undone.',
  loadFailed: 'Failed to load messages',
  recipient: 'Recipient',
  chooseRecipient: 'Select a recipient',
  subject: 'Subject',
  message: 'Message',
  attachments: 'Attachments',
  attachmentsHint: `Optional; up to ${MESSAGE_LIMITS.maxFiles} files of ${MESSAGE_ATTACHMENT_EXTENSIONS.join(' ')}, 25 MB each`,
  send: 'Send Message',
  from: 'From',
  to: 'To',
  readAt: (when: string) => `Read ${when}`,
  reply: 'Reply',
  replyTo: (subject: string) => `Reply: ${subject}`,
  replySubject: (subject: string) => (/^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`),
  quoteHead: (when: string, who: string) => `On ${when}, ${who} wrote:`,
  attachmentsNotKept: 'Attachments are not kept with the draft: choose them again before sending.',
} as const;

/** The fields of a message being written (what its draft keeps; attachments are chosen again). */
export type ComposeValues = {
  receiverId: string;
  subject: string;
  content: string;
};
const EMPTY_COMPOSE: ComposeValues = { receiverId: '', subject: '', content: '' };

/**
 * A reply to a received message: to its sender, "Re: {subject}" (not "Re: Re: …"), the cursor above the quoted
 * original ("On {date}, {sender} wrote:" and its lines each after "> "), within the subject and message limits.
 */
export function replyValues(m: Pick<Message, 'senderId' | 'senderName' | 'subject' | 'content' | 'createdAt'>): ComposeValues {
  const head = MESSAGES_TEXT.quoteHead(formatDateTime(m.createdAt), m.senderName);
  const quoted = m.content.split(/\r?\n/).map((line) => (line ? `> ${line}` : '>')).join('\n');
  const content = `\n\n${head}\n${quoted}`.slice(0, MESSAGE_LIMITS.contentChars);
  return { receiverId: m.senderId ?? '', subject: MESSAGES_TEXT.replySubject(m.subject).slice(0, MESSAGE_LIMITS.subjectChars), content };
}

/** What the compose form is open for: a new message or a reply (each its own draft). */
interface Composing {
  key: DraftKey;
  initial: ComposeValues;
  replyTo?: Message;
}

type Box = 'inbox' | 'sent';
export { messageKeys };

/** GET /users: whom the caller may write to (their contacts). */
export const contactsQuery = () => queryOptions({ queryKey: messageKeys.contacts, queryFn: () => apiFetch<ContactsResponse>(apiPath('GET', '/users')) });

/** GET /messages/inbox|sent, newest first, a page per cursor ("Load more"). */
export const messageBoxQuery = (box: Box) =>
  infiniteQueryOptions({
    queryKey: messageKeys.box(box),
    queryFn: ({ pageParam }) => apiFetch<MessagePage>(pagePath(box, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export interface MessagesProps {
  /** The signed-in user's role, shown as "Logged in as {role}". */
  role: Role;
  /** Seller and buyer portals: the journey step the screen is (1), shown inside its step frame. */
  stepId?: number;
}

/**
 * One Messages screen for the four portals: Inbox / Sent tabs (newest first, "Load more"), messages that expand on
 * click (unread ones show New and are marked read when opened), attachments as new-tab links, delete behind a
 * confirmation, and a New Message form; after a send the lists refresh, the form closes and Sent is shown.
 */
export function Messages({ role, stepId }: MessagesProps) {
  if (stepId === undefined) return <MessagesScreen role={role} heading="h1" />;
  return (
    // the seller's Messages step reads Finished once the journey is beyond it (spec part 2 §4), the buyer's when sent
    <StepFrame stepId={stepId} finishedOncePast={role === 'SELLER'}>
      <MessagesScreen role={role} heading="h2" />
    </StepFrame>
  );
}

function MessagesScreen({ role, heading: Heading }: { role: Role; heading: 'h1' | 'h2' }) {
  const [box, setBox] = useState<Box>('inbox');
  const [compose, setCompose] = useState<Composing | null>(null);
  const composing = compose !== null;
  const titleId = useId();
  const formId = useId();
  const tabIds = { inbox: useId(), sent: useId() };
  const panelId = useId();
  const tabRefs = { inbox: useRef<HTMLButtonElement>(null), sent: useRef<HTMLButtonElement>(null) };

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) return;
    e.preventDefault();
    const next: Box = e.key === 'Home' ? 'inbox' : e.key === 'End' ? 'sent' : box === 'inbox' ? 'sent' : 'inbox';
    setBox(next);
    tabRefs[next].current?.focus();
  };

  return (
    <section className="bb-messages" aria-labelledby={titleId}>
      <header className="bb-messages__head">
        <div>
          <Heading id={titleId} className="bb-messages__title">{MESSAGES_TEXT.title}</Heading>
          <p className="bb-messages__who">{MESSAGES_TEXT.loggedInAs(role)}</p>
        </div>
        <Button
          variant={composing ? 'secondary' : 'primary'}
          aria-expanded={composing}
          aria-controls={composing ? formId : undefined}
          onClick={() => setCompose((c) => (c ? null : { key: draftKeys.newMessage, initial: EMPTY_COMPOSE }))}
        >
          {composing ? MESSAGES_TEXT.cancel : MESSAGES_TEXT.newMessage}
        </Button>
      </header>

      {compose && (
        <ComposeForm
          key={compose.key}
          id={formId}
          draftKey={compose.key}
          initial={compose.initial}
          replyTo={compose.replyTo}
          onDiscarded={() => setCompose(null)}
          onSent={() => {
            setCompose(null);
            setBox('sent');
            // the Send button that had the focus is gone: the Sent tab takes it (and is announced)
            tabRefs.sent.current?.focus();
          }}
        />
      )}

      <div role="tablist" aria-label={MESSAGES_TEXT.title} className="bb-messages__tabs">
        {(['inbox', 'sent'] as const).map((b) => (
          <button
            key={b}
            ref={tabRefs[b]}
            id={tabIds[b]}
            type="button"
            role="tab"
            className="bb-messages__tab"
            aria-selected={box === b}
            aria-controls={panelId}
            tabIndex={box === b ? 0 : -1}
            onClick={() => setBox(b)}
            onKeyDown={onTabKey}
          >
            {b === 'inbox' ? MESSAGES_TEXT.inbox : MESSAGES_TEXT.sent}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabIds[box]} className="bb-messages__panel">
        <MessageList
          key={box}
          box={box}
          onRemoved={() => tabRefs[box].current?.focus()}
          onReply={(m) => setCompose({ key: draftKeys.reply(m.id), initial: replyValues(m), replyTo: m })}
        />
      </div>
    </section>
  );
}

function pagePath(box: Box, cursor: string | null) {
  return apiPath('GET', `/messages/${box}`, null, { cursor });
}

function MessageList({ box, onRemoved, onReply }: { box: Box; onRemoved: () => void; onReply: (m: Message) => void }) {
  // Reply only to someone the caller may write to (GET /users: the contacts; the server checks it again on send)
  const contacts = useQuery({ ...contactsQuery(), enabled: box === 'inbox' });
  const canReply = (m: Message) => m.source !== 'WEBSITE' && !!contacts.data?.users.some((u) => u.id === m.senderId);
  const q = useInfiniteQuery(messageBoxQuery(box));
  const qc = useQueryClient();
  const [deleting, setDeleting] = useState<Message | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => apiFetch(apiPath('DELETE', '/messages/:id', { id }), { method: 'DELETE' }),
    onSuccess: () => {
      announceMessagesChanged();
      return qc.invalidateQueries({ queryKey: messageKeys.all });
    },
    // Spec: a failed delete is only logged, with no message on screen.
    onError: (err) => console.error('Message delete failed', err),
  });

  if (q.isPending) return <Loading />;
  // a failed "Load more" (or background refresh) keeps the pages already shown; only a first load with nothing shows the error alone
  if (!q.data) return <LoadError message={MESSAGES_TEXT.loadFailed} onRetry={() => void q.refetch()} />;
  const messages = q.data.pages.flatMap((p) => p.messages);
  if (messages.length === 0) {
    return (
      <p role="status" className="bb-messages__empty">
        {box === 'inbox' ? MESSAGES_TEXT.emptyInbox : MESSAGES_TEXT.emptySent}
      </p>
    );
  }
  return (
    <>
      <ul className="bb-messages__list" aria-label={box === 'inbox' ? MESSAGES_TEXT.inbox : MESSAGES_TEXT.sent}>
        {messages.map((m) => (
          <MessageItem key={m.id} message={m} box={box} onDelete={() => setDeleting(m)} onReply={box === 'inbox' && canReply(m) ? () => onReply(m) : undefined} />
        ))}
      </ul>
      {q.isFetchNextPageError && <Alert tone="error">{MESSAGES_TEXT.loadFailed}</Alert>}
      {q.hasNextPage && (
        <div className="bb-messages__more">
          <Button variant="secondary" loading={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
            {MESSAGES_TEXT.loadMore}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete message"
        message={MESSAGES_TEXT.deleteConfirm}
        confirmLabel="Delete"
        tone="danger"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          const target = deleting;
          setDeleting(null);
          if (!target) return;
          // the deleted row's button, where the dialog gives the focus back, is gone: its tab takes it
          await remove.mutateAsync(target.id).then(onRemoved, () => undefined);
        }}
      />
    </>
  );
}

function MessageItem({ message: m, box, onDelete, onReply }: { message: Message; box: Box; onDelete: () => void; onReply?: () => void }) {
  const [open, setOpen] = useState(false);
  const [readHere, setReadHere] = useState(false);
  const bodyId = useId();
  const qc = useQueryClient();
  const markRead = useMutation({
    mutationFn: () => apiFetch(apiPath('PUT', '/messages/:id/read', { id: m.id }), { method: 'PUT' }),
    onSuccess: () => {
      announceMessagesChanged();
      return qc.invalidateQueries({ queryKey: messageKeys.all });
    },
    onError: (err) => {
      console.error('Mark as read failed', err);
      setReadHere(false); // still unread on the server: New again, and opening it again retries
    },
  });
  const unread = box === 'inbox' && !m.isRead && !readHere;

  const toggle = () => {
    const opening = !open;
    setOpen(opening);
    if (opening && unread) {
      setReadHere(true);
      markRead.mutate();
    }
  };
  const who = box === 'inbox' ? `${MESSAGES_TEXT.from}: ${m.senderName}` : `${MESSAGES_TEXT.to}: ${m.receiverName}`;

  return (
    <li className={`bb-message${unread ? ' bb-message--unread' : ''}`}>
      <div className="bb-message__row">
        <button type="button" className="bb-message__toggle" aria-expanded={open} aria-controls={bodyId} onClick={toggle}>
          <span className="bb-message__line">
            <span className="bb-message__subject">{m.subject}</span>
            {unread && <Badge tone="gold">{MESSAGES_TEXT.newBadge}</Badge>}
            {m.source === 'WEBSITE' && <Badge tone="info">{MESSAGES_TEXT.website}</Badge>}
          </span>
          <span className="bb-message__meta">
            <span>{who}</span>
            <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
            {box === 'sent' && m.readAt && <span>{MESSAGES_TEXT.readAt(formatDateTime(m.readAt))}</span>}
          </span>
        </button>
        <Button variant="ghost" size="sm" className="bb-message__delete" aria-label={`Delete message: ${m.subject}`} onClick={onDelete}>
          <TrashIcon />
        </Button>
      </div>
      <div id={bodyId} className="bb-message__body" hidden={!open}>
        {open && (
          <>
            <p className="bb-message__content">{m.content}</p>
            {m.source === 'WEBSITE' && (m.senderEmail || m.senderPhone) && (
              <p className="bb-message__contact">
                {m.senderEmail && <a href={`mailto:${m.senderEmail}`}>{m.senderEmail}</a>}
                {m.senderPhone && <a href={`tel:${m.senderPhone.replace(/[^\d+]/g, '')}`}>{m.senderPhone}</a>}
              </p>
            )}
            {m.attachments.length > 0 && (
              <ul className="bb-message__files" aria-label={MESSAGES_TEXT.attachments}>
                {m.attachments.map((a) => (
                  <li key={a.id}>
                    <a href={apiUrl(a.fileUrl)} target="_blank" rel="noopener noreferrer" title={a.fileName} className="bb-message__file">
                      <FileName name={a.fileName} />
                    </a>{' '}
                    <span className="bb-message__size">({formatFileSize(a.fileSize)})</span>
                  </li>
                ))}
              </ul>
            )}
            {onReply && (
              <div className="bb-message__actions">
                <Button size="sm" variant="secondary" onClick={onReply} aria-label={MESSAGES_TEXT.replyTo(m.subject)}>
                  {MESSAGES_TEXT.reply}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </li>
  );
}

function TrashIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14M10 11v6M14 11v6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

interface FormErrors {
  receiverId?: string;
  subject?: string;
  content?: string;
  attachments?: string;
}

function checkFiles(files: File[]): string | undefined {
  if (files.length > MESSAGE_LIMITS.maxFiles) return MESSAGING_MSG.tooManyFiles(MESSAGE_LIMITS.maxFiles);
  const refused = files.map((f) => refusalOfChosenFile(f, MESSAGE_ATTACHMENT_EXTENSIONS, MESSAGING_MSG, MESSAGE_LIMITS.maxFileBytes)).filter((r) => r !== null);
  return refused.length > 0 ? refused.join('\n') : undefined;
}

/**
 * How long a send may take: 2 minutes, plus the time the attachments need at the slowest rate the gateway still accepts
 * for a streamed body. A fixed 2 minutes cut off 10 × 25 MB on any uplink below about 17 Mbit/s, while the gateway
 * would have taken it.
 */
const SEND_BASE_TIMEOUT_MS = 120_000;
function sendTimeoutMs(files: readonly File[]): number {
  const bytes = files.reduce((sum, f) => sum + f.size, 0);
  return SEND_BASE_TIMEOUT_MS + Math.ceil(bytes / SLOWEST_UPLOAD_BYTES_PER_SECOND) * 1000;
}

/**
 * Each attachment's share of the bytes sent so far (0–100). The files go in order after the text fields, so what has
 * left beyond the fields fills them one after another.
 */
function fileProgress(files: readonly File[], { loaded, total }: { loaded: number; total: number }) {
  let rest = loaded - Math.max(0, total - files.reduce((sum, f) => sum + f.size, 0));
  return files.map((file) => {
    const percent = file.size ? Math.min(100, Math.max(0, (rest / file.size) * 100)) : loaded >= total ? 100 : 0;
    rest -= file.size;
    return { file, percent };
  });
}

interface ComposeFormProps {
  id: string;
  draftKey: DraftKey;
  initial: ComposeValues;
  replyTo?: Message;
  onSent: () => void;
  onDiscarded: () => void;
}

/**
 * New Message or Reply: recipient (GET /users), subject, message, several attachments; one multipart POST
 * /messages/send. What is written is kept as a server-side draft (autosaved, "Draft saved"), restored when the form
 * opens again (after a reload or a visit elsewhere), and discarded once sent or on Discard draft.
 */
function ComposeForm(props: ComposeFormProps) {
  const draft = useServerDraft<ComposeValues>(props.draftKey);
  if (draft.draft === undefined) return <Loading />;
  return <ComposeFields {...props} draft={draft} values={withDraft(props.initial, draft.draft)} />;
}

function ComposeFields({ id, replyTo, onSent, onDiscarded, draft, values }: ComposeFormProps & { draft: ReturnType<typeof useServerDraft<ComposeValues>>; values: ComposeValues }) {
  const qc = useQueryClient();
  const contacts = useQuery(contactsQuery());
  const [receiverId, setReceiverId] = useState(values.receiverId);
  const [subject, setSubject] = useState(values.subject);
  const [content, setContent] = useState(values.content);
  const [files, setFiles] = useState<File[]>([]);
  const { schedule } = draft;
  const changed = useRef(false);
  useEffect(() => {
    if (!changed.current) return; // what was opened is not a change
    schedule({ receiverId, subject, content });
  }, [receiverId, subject, content, schedule]);
  const edit = <V,>(set: (v: V) => void) => (v: V) => {
    changed.current = true;
    set(v);
  };
  const [errors, setErrors] = useState<FormErrors>({});
  const fieldRefs = {
    receiverId: useRef<HTMLSelectElement>(null),
    subject: useRef<HTMLInputElement | HTMLTextAreaElement>(null),
    content: useRef<HTMLInputElement | HTMLTextAreaElement>(null),
    attachments: useRef<HTMLInputElement | HTMLTextAreaElement>(null),
  };
  const [sentBytes, setSentBytes] = useState<{ loaded: number; total: number } | null>(null);
  const cancel = useRef<AbortController | null>(null);
  const send = useMutation({
    mutationFn: () => {
      const form = new FormData();
      form.append('receiverId', receiverId);
      form.append('subject', subject.trim());
      form.append('content', content.trim());
      for (const f of files) form.append('attachments', f, f.name);
      // over XMLHttpRequest, which reports the bytes sent (each attachment's progress, and Cancel)
      cancel.current = new AbortController();
      setSentBytes({ loaded: 0, total: 1 });
      return sendMultipart(apiPath('POST', '/messages/send'), form, {
        onBytes: (loaded, total) => setSentBytes({ loaded, total }),
        signal: cancel.current.signal,
        timeoutMs: sendTimeoutMs(files),
        fallbackMessage: MSG.somethingWrongTryAgain,
      });
    },
    onSettled: () => setSentBytes(null),
    onSuccess: async () => {
      await draft.discard();
      announceMessagesChanged();
      // the lists refresh in the background: the form closes and Sent shows without waiting for the inbox to reload
      // (its retries could hold the sent form open for seconds)
      void qc.invalidateQueries({ queryKey: messageKeys.all });
      onSent();
    },
    onError: (err) => console.error('Message send failed', err),
  });

  // a reply opens with the cursor at the top of the message, above the quoted original
  useEffect(() => {
    if (!replyTo) return;
    const field = fieldRefs.content.current;
    field?.focus();
    field?.setSelectionRange?.(0, 0);
  }, []);

  /** Files are checked as they are chosen (kind, emptiness, 25 MB): a refused one is never kept nor sent. */
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(e.target.files ?? []);
    const tooMany = chosen.length > MESSAGE_LIMITS.maxFiles;
    const fine = tooMany ? [] : chosen.filter((f) => !refusalOfChosenFile(f, MESSAGE_ATTACHMENT_EXTENSIONS, MESSAGING_MSG, MESSAGE_LIMITS.maxFileBytes));
    const refused = tooMany ? MESSAGING_MSG.tooManyFiles(MESSAGE_LIMITS.maxFiles) : checkFiles(chosen);
    setFiles(fine);
    setErrors((all) => ({ ...all, attachments: refused }));
    if (refused) e.target.value = ''; // the picker no longer holds the refused file
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: FormErrors = {
      receiverId: receiverId ? undefined : MESSAGING_MSG.recipientRequired,
      subject: subject.trim() ? undefined : MESSAGING_MSG.subjectRequired,
      content: content.trim() ? undefined : MESSAGING_MSG.contentRequired,
      // a refusal at choosing stands until another choice: Send does not go without the file the user meant
      attachments: checkFiles(files) ?? errors.attachments,
    };
    setErrors(next);
    const firstInvalid = (['receiverId', 'subject', 'content', 'attachments'] as const).find((k) => next[k]);
    if (firstInvalid) {
      fieldRefs[firstInvalid].current?.focus(); // the focus goes to what needs fixing, not left on Send
      return;
    }
    send.mutate();
  };

  const options = (contacts.data?.users ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.role})` }));
  // every failure says so: a refusal in the server's words, a lost connection or a timeout in the readable message of
  // the status 0, a 5xx (or an answer without a message) in the screen's own text
  const sendError =
    send.error instanceof ApiError
      ? (serverMessage(send.error) ?? (send.error.status === 0 && send.error.message ? send.error.message : MSG.somethingWrongTryAgain))
      : null;

  return (
    <form id={id} className="bb-messages__compose" aria-label={replyTo ? MESSAGES_TEXT.replyTo(replyTo.subject) : MESSAGES_TEXT.newMessage} noValidate onSubmit={submit}>
      {contacts.isError && <LoadError message="Failed to load recipients" onRetry={() => void contacts.refetch()} />}
      <Select
        ref={fieldRefs.receiverId}
        label={MESSAGES_TEXT.recipient}
        required
        placeholder={contacts.isPending ? 'Loading...' : MESSAGES_TEXT.chooseRecipient}
        options={options}
        value={receiverId}
        onChange={(e) => edit(setReceiverId)(e.target.value)}
        error={errors.receiverId}
      />
      <TextField
        ref={fieldRefs.subject}
        label={MESSAGES_TEXT.subject}
        required
        maxLength={MESSAGE_LIMITS.subjectChars}
        value={subject}
        onChange={(e) => edit(setSubject)(e.target.value)}
        error={errors.subject}
      />
      <TextField
        ref={fieldRefs.content}
        label={MESSAGES_TEXT.message}
        required
        multiline
        rows={6}
        maxLength={MESSAGE_LIMITS.contentChars}
        value={content}
        onChange={(e) => edit(setContent)((e.target as unknown as HTMLTextAreaElement).value)}
        error={errors.content}
      />
      <TextField
        ref={fieldRefs.attachments}
        label={MESSAGES_TEXT.attachments}
        hint={draft.state === 'restored' ? `${MESSAGES_TEXT.attachmentsHint}. ${MESSAGES_TEXT.attachmentsNotKept}` : MESSAGES_TEXT.attachmentsHint}
        type="file"
        multiple
        accept={MESSAGE_ATTACHMENT_EXTENSIONS.join(',')}
        onChange={choose}
        error={errors.attachments}
      />
      {send.isPending && sentBytes && files.length > 0 ? (
        <div className="bb-stack">
          <ul className="bb-messages__chosen bb-messages__sending" aria-label="Sending attachments">
            {fileProgress(files, sentBytes).map(({ file, percent }) => (
              <li key={`${file.name}-${file.size}-${file.lastModified}`}>
                <FileName name={file.name} /> <span className="bb-message__size">({formatFileSize(file.size)})</span>
                <ProgressBar value={percent} label={`Uploading ${file.name}`} />
              </li>
            ))}
          </ul>
          <div>
            <Button size="sm" variant="ghost" onClick={() => cancel.current?.abort()}>
              Cancel sending
            </Button>
          </div>
        </div>
      ) : files.length > 0 && (
        <ul className="bb-messages__chosen" aria-label="Chosen files">
          {files.map((f) => (
            <li key={`${f.name}-${f.size}-${f.lastModified}`}>
              <FileName name={f.name} /> <span className="bb-message__size">({formatFileSize(f.size)})</span>
            </li>
          ))}
        </ul>
      )}
      {sendError && <Alert tone="error">{sendError}</Alert>}
      <div className="bb-messages__actions">
        <Button type="submit" loading={send.isPending}>
          {MESSAGES_TEXT.send}
        </Button>
        {(draft.state !== 'idle' || draft.draft) && (
          <Button
            variant="ghost"
            disabled={send.isPending}
            onClick={() => {
              void draft.discard();
              onDiscarded();
            }}
          >
            {DRAFT_TEXT.discard}
          </Button>
        )}
        <DraftStatus state={draft.state} />
      </div>
    </form>
  );
}
