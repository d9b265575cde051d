import type { Question } from '@brokerage/contracts/questions';
import { QuestionCard } from './question-card.js';
import { AnswerForm } from './question-forms.js';
import { QuestionGroup } from './question-group.js';
import { QUESTIONS_TEXT } from './questions-text.js';

/** The seller's view: the questions routed to them, each with an Answer form (text + optional files); what they answered. */
export function SellerQuestions({ listingId, questions }: { listingId: string; questions: Question[] }) {
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
