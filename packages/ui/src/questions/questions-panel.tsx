import { useId, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading } from '@brokerage/ui';
import { LoadError } from '../components/page-kit.js';
import { questionKeys } from '../components/query-keys.js';
import { BuyerQuestions } from './buyer-questions.js';
import { byNewest, questionsAreaOf, questionsQuery } from './questions-api.js';
import { QUESTIONS_TEXT } from './questions-text.js';
import { SellerQuestions } from './seller-questions.js';
import { StaffQuestions } from './staff-questions.js';
import './questions.css';

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
  else if (area === 'buyer') body = <BuyerQuestions listingId={listingId} questions={questions} reload={reload} />;
  else if (area === 'seller') body = <SellerQuestions listingId={listingId} questions={questions} />;
  else body = <StaffQuestions area={area} listingId={listingId} questions={questions} />;

  return (
    <section className="bb-card bb-qa" aria-labelledby={headingId} data-testid="questions-panel">
      <h2 id={headingId} className="bb-card__title">
        {title}
      </h2>
      {body}
    </section>
  );
}
