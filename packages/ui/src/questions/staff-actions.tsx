import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '@brokerage/api-client';
import { QUESTION_MSG, type Question } from '@brokerage/contracts/questions';
import { Alert, Button, Dialog, Select, toast } from '@brokerage/ui';
import { questionKeys } from '../components/query-keys.js';
import { AnswerForm } from './question-forms.js';
import { staffAct, type StaffAction } from './questions-api.js';
import { QUESTIONS_TEXT, clip } from './questions-text.js';

/** Staff's buttons on one question: Route to seller, Answer, Merge into… (a dialog), Release to asker, Release to all buyers. */
export function StaffActions({ area, listingId, question, others }: { area: 'broker' | 'agent'; listingId: string; question: Question; others: Question[] }) {
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
