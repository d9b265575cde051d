import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import { toast, Button, Loading } from '@brokerage/ui';
import { LOAD_FAILED_TEXT, portalKeys } from './journey-hooks.js';
import { LoadError } from './page-kit.js';
import type { JourneyArea } from './journey.js';

export interface FormDraftTexts {
  saved: string;
  saveFailed: string;
  submitted: string;
  submitFailed: string;
}

/** The client forms kept as drafts (their GET, POST …/save and …/submit are defined in contracts). */
export type FormDraftResource = 'questionnaire' | 'nda' | 'financial-statement';
type FormDraftPath = '/seller/questionnaire' | '/buyer/nda' | '/buyer/financial-statement';

export interface FormDraftOptions {
  area: JourneyArea;
  /** The form's API path under the area, e.g. 'questionnaire' → GET /seller/questionnaire, POST …/save|submit. */
  resource: FormDraftResource;
  /** The body's key: {questionnaire}, {nda}, {financialStatement}. */
  bodyKey: string;
  texts: FormDraftTexts;
  /** Autosave delay after the last change (ms). */
  autosaveMs?: number;
}

export type FormDraftState = 'idle' | 'saving' | 'submitting' | 'success' | 'error';

/**
 * A client form kept as a server-side draft (spec part 2 §4 "Forms": idle, saving or submitting, then success or
 * error): loads it, autosaves changes (debounced, and flushed when the page is hidden or the screen unmounts, so a
 * closed tab loses nothing), Save for Later and Submit with the spec's texts. Submit reloads the journey progress.
 */
export function useFormDraft<R>({ area, resource, bodyKey, texts, autosaveMs = 1200 }: FormDraftOptions) {
  const qc = useQueryClient();
  const queryKey = [...portalKeys.all(area), 'form', resource] as const;
  // a seller form under /buyer (or the reverse) is not defined: the server answers 403/404 as for any wrong path
  const path = `/${area}/${resource}` as FormDraftPath;
  const query = useQuery({ queryKey, queryFn: () => apiFetch<R>(apiPath('GET', path)) });
  const [state, setState] = useState<FormDraftState>('idle');
  const [autosavedAt, setAutosavedAt] = useState<Date | null>(null);
  const pending = useRef<unknown>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const post = useCallback(
    (action: 'save' | 'submit', values: unknown, fallbackMessage: string) =>
      apiFetch<{ message: string }>(apiPath('POST', `${path}/${action}`), { method: 'POST', json: { [bodyKey]: values }, fallbackMessage }),
    [path, bodyKey],
  );

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const values = pending.current;
    if (values === null) return;
    pending.current = null;
    try {
      await post('save', values, texts.saveFailed);
      setAutosavedAt(new Date());
    } catch {
      // Silent: the next change (or Save for Later) tries again with the newest values.
      pending.current ??= values;
    }
  }, [post, texts.saveFailed]);

  /** Queue an autosave of these values (the newest wins). */
  const schedule = useCallback(
    (values: unknown) => {
      pending.current = values;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), autosaveMs);
    },
    [flush, autosaveMs],
  );

  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    const onPageHide = () => void flush();
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      void flush();
    };
  }, [flush]);

  const save = useCallback(
    async (values: unknown) => {
      pending.current = null;
      clearTimeout(timer.current);
      setState('saving');
      try {
        await post('save', values, texts.saveFailed);
        setState('success');
        toast.success(texts.saved);
      } catch {
        setState('error');
        toast.error(texts.saveFailed);
      }
    },
    [post, texts],
  );

  const submit = useCallback(
    async (values: unknown) => {
      pending.current = null;
      clearTimeout(timer.current);
      setState('submitting');
      try {
        const answer = await post('submit', values, texts.submitFailed);
        setState('success');
        // The server's text says whether the PDF was asked for ("… PDF document has been generated.").
        toast.success(typeof answer?.message === 'string' && answer.message ? answer.message : texts.submitted);
        await qc.invalidateQueries({ queryKey: portalKeys.all(area) });
      } catch (e) {
        setState('error');
        // The server's reason when it gave one (a 4xx {message}), else the spec's failure text.
        toast.error(e instanceof ApiError && e.status >= 400 && e.status < 500 && e.message ? e.message : texts.submitFailed);
      }
    },
    [post, texts, qc, area],
  );

  return { query, state, busy: state === 'saving' || state === 'submitting', autosavedAt, schedule, save, submit };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's values
type Watch = (cb: (values: any, info: { name?: string }) => void) => { unsubscribe(): void };

/** Autosaves on every field change of a form (react-hook-form's `watch`); a reset (no field name) is not a change. */
export function useAutosave(watch: Watch, schedule: (values: unknown) => void) {
  useEffect(() => {
    const sub = watch((values, info) => {
      if (info.name) schedule(values);
    });
    return () => sub.unsubscribe();
  }, [watch, schedule]);
}

/** The form's body once its draft has loaded: a spinner before, "Failed to load data" with Retry on failure. */
export function FormDraftBody({ pending, failed, onRetry, children }: { pending: boolean; failed: boolean; onRetry: () => void; children: () => ReactNode }) {
  if (pending) return <Loading />;
  if (failed) return <LoadError message={LOAD_FAILED_TEXT} onRetry={onRetry} />;
  return <>{children()}</>;
}

/** Save for Later and Submit (a form's submit button), busy states, and the autosave note. */
export function FormDraftActions({ state, autosavedAt, onSave, submitDisabled }: { state: FormDraftState; autosavedAt: Date | null; onSave: () => void; submitDisabled?: boolean }) {
  const busy = state === 'saving' || state === 'submitting';
  return (
    <div className="bb-row">
      <Button type="button" variant="secondary" onClick={onSave} loading={state === 'saving'} disabled={busy}>
        Save for Later
      </Button>
      <Button type="submit" loading={state === 'submitting'} disabled={busy || submitDisabled}>
        Submit
      </Button>
      {autosavedAt && <span className="bb-muted">Draft saved automatically</span>}
    </div>
  );
}
