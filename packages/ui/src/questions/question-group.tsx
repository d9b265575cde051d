import { useId, type ReactNode } from 'react';
import type { Question } from '@brokerage/contracts/questions';

/** A titled list of questions (its own region), or the `empty` text when there are none. */
export function QuestionGroup({ title, hint, empty, questions, render }: {
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
