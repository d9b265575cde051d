import { QUESTION_MSG, type Question } from '@brokerage/contracts/questions';
import { QuestionCard } from './question-card.js';
import { QuestionGroup } from './question-group.js';
import { QUESTIONS_TEXT } from './questions-text.js';
import { StaffActions } from './staff-actions.js';

/** The broker's and agent's view: every question with its asker, state, merged duplicates, history and the actions. */
export function StaffQuestions({ area, listingId, questions }: { area: 'broker' | 'agent'; listingId: string; questions: Question[] }) {
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
