import type { ReactNode } from 'react';
import { QUESTION_MSG, RELEASE_AUDIENCE_LABELS, type Question } from '@brokerage/contracts/questions';
import { Badge, cx } from '@brokerage/ui';
import { formatDateTime } from '../format-date.js';
import { AttachmentList } from './question-attachments.js';
import { QuestionHistory } from './question-history.js';
import { QuestionStateBadge } from './question-state-badge.js';
import { isStaffArea, type QuestionsArea } from './questions-api.js';
import { QUESTIONS_TEXT, ROLE_LABEL, clip } from './questions-text.js';

/**
 * One question as its area reads it: topic, state, text, who asked (staff only), merged duplicates, the answer with its
 * files, `children` (the seller's answer form, staff's actions), then the history (staff only).
 */
export function QuestionCard({ area, question: x, faq, duplicates = [], children }: {
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
        {!faq && <QuestionStateBadge state={x.state} />}
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
        <AnswerBlock area={area} answer={x.answer} />
      ) : (
        area === 'buyer' && <p className="bb-muted bb-qa__meta">{QUESTIONS_TEXT.waiting}</p>
      )}
      {children}
      {staff && x.history.length > 0 && <QuestionHistory entries={x.history} />}
    </article>
  );
}

function AnswerBlock({ area, answer }: { area: QuestionsArea; answer: NonNullable<Question['answer']> }) {
  // a buyer reads who answered as "your broker or agent" or the seller: never a person's name (there is none to show)
  return (
    <div className="bb-qa__answer">
      <p className="bb-qa__label">
        Answer <span className="bb-muted">· by the {ROLE_LABEL[answer.answeredByRole] ?? 'broker'} · {formatDateTime(answer.answeredAt)}</span>
      </p>
      <p className="bb-qa__text">{answer.text}</p>
      {answer.attachments.length > 0 && <AttachmentList area={area} attachments={answer.attachments} />}
    </div>
  );
}
