import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@brokerage/api-client';
import {
  FORM_MSG,
  FORM_STEPS,
  QUESTIONNAIRE_SECTIONS,
  STAFFING_COLUMNS,
  WEEKLY_STAFFING_COLUMNS,
  emptyStaffingRow,
  emptyWeeklyStaffingRow,
  questionnaireSchema,
  type Questionnaire,
  type QuestionnaireInput,
  type QuestionnaireResponse,
} from '@brokerage/contracts';
import { Alert, Card, TextField } from '@brokerage/ui';
import {
  FormDraftActions,
  FormDraftBody,
  HOME_TEXT,
  SectionNav,
  SectionedLayout,
  StepFrame,
  useAutosave,
  useFormDraft,
} from '@brokerage/ui/portal';
import { StaffingTable } from './StaffingTable';

/** Each section's anchor and its entry in the section navigation ("1. Business Summary and History", …). */
const sectionId = (index: number) => `questionnaire-section-${index + 1}`;
const NAV_SECTIONS = QUESTIONNAIRE_SECTIONS.map((s, i) => ({ id: sectionId(i), title: s.title }));

const TEXTS = {
  saved: FORM_MSG.questionnaireSaved,
  saveFailed: FORM_MSG.questionnaireSaveFailed,
  submitted: FORM_MSG.questionnaireSubmitted,
  submitFailed: FORM_MSG.questionnaireSubmitFailed,
};

/**
 * Seller step 4 (id 3): the business questionnaire — 11 sections with a section navigation (sticky beside the form,
 * a collapsible bar on phones, the section being read marked), the staffing tables, Save for Later and Submit.
 */
export function QuestionnairePage() {
  const draft = useFormDraft<QuestionnaireResponse>({ area: 'seller', resource: 'questionnaire', bodyKey: 'questionnaire', texts: TEXTS });
  const form = useForm<QuestionnaireInput, unknown, Questionnaire>({ resolver: zodResolver(questionnaireSchema) });
  const loaded = draft.query.data?.questionnaire;

  useEffect(() => {
    if (!loaded) return;
    const data = questionnaireSchema.parse(loaded);
    form.reset({
      ...data,
      staffing: data.staffing.length ? data.staffing : [emptyStaffingRow()],
      weeklyStaffing: data.weeklyStaffing.length ? data.weeklyStaffing : [emptyWeeklyStaffingRow()],
    });
  }, [loaded, form]);
  useAutosave(form.watch, draft.schedule);

  const onSubmit = form.handleSubmit((v) => draft.submit(v));
  const onSave = form.handleSubmit((v) => draft.save(v));
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  // 409 "No listing selected": the spec's text for a seller without a listing, not "Failed to load data" with Retry.
  const noListing = draft.query.error instanceof ApiError && draft.query.error.status === 409;

  return (
    <StepFrame stepId={FORM_STEPS.questionnaire}>
      {noListing ? (
        <Alert tone="info">{HOME_TEXT.noListing}</Alert>
      ) : (
        <FormDraftBody pending={draft.query.isPending} failed={draft.query.isError || !loaded} onRetry={() => void draft.query.refetch()}>
          {() => loaded && (
            <SectionedLayout nav={<SectionNav label="Questionnaire sections" sections={NAV_SECTIONS} />}>
              <form className="bb-stack" onSubmit={onSubmit} noValidate aria-label="Seller Questionnaire">
                <p className="bb-muted">
                  Answer what you can; nothing is required. Your answers are saved as you type, and Save for Later keeps them for your next visit.
                </p>
                {loaded.status === 'SUBMITTED' && <Alert tone="success">Your questionnaire has been submitted. You may update and resubmit it.</Alert>}
                {QUESTIONNAIRE_SECTIONS.map((section, si) => (
                  <Card key={section.title} title={`${si + 1}. ${section.title}`} id={sectionId(si)} tabIndex={-1}>
                    <div className="bb-stack">
                      {section.questions.map((q) => (
                        <TextField
                          key={q.name}
                          label={q.label}
                          multiline
                          rows={3}
                          invalid={!!errors[q.name]}
                          hint={errors[q.name]?.message}
                          {...form.register(q.name)}
                        />
                      ))}
                      {section.title === 'Organization' && (
                        <>
                          <StaffingTable control={form.control} register={form.register} name="staffing" caption="Staffing" columns={STAFFING_COLUMNS} emptyRow={emptyStaffingRow} />
                          <StaffingTable
                            control={form.control}
                            register={form.register}
                            name="weeklyStaffing"
                            caption="Weekly Staffing (hours per day)"
                            columns={WEEKLY_STAFFING_COLUMNS}
                            emptyRow={emptyWeeklyStaffingRow}
                          />
                        </>
                      )}
                    </div>
                  </Card>
                ))}
                <FormDraftActions state={draft.state} autosavedAt={draft.autosavedAt} onSave={() => void onSave()} />
              </form>
            </SectionedLayout>
          )}
        </FormDraftBody>
      )}
    </StepFrame>
  );
}
