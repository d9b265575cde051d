import type { Question } from '@brokerage/contracts/questions';
import { QuestionCard } from './question-card.js';
import { AskForm } from './question-forms.js';
import { QuestionGroup } from './question-group.js';
import { QUESTIONS_TEXT } from './questions-text.js';

/** The buyer's view: ask, their own questions (state, the answer once released), the listing's FAQ (never who asked). */
export function BuyerQuestions({ listingId, questions, reload }: { listingId: string; questions: Question[]; reload: () => Promise<unknown> }) {
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
