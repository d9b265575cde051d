import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, serverMessage } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import { DRAFT_TEXT, type Draft, type DraftKey } from '@brokerage/contracts/drafts';
import { toast, Button, Loading } from '@brokerage/ui';
import { LOAD_FAILED_TEXT, portalKeys } from './journey-hooks.js';
import { LoadError } from './page-kit.js';
import type { JourneyArea } from './journey.js';
import { draftKeys } from './query-keys.js';

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

/** Saves what is pending when the page is hidden or closed, and when the form unmounts: a closed tab loses nothing. */
function useFlushOnLeave(flush: () => Promise<void>) {
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
}

// a seller form under /buyer (or the reverse) is not defined: the server answers 403/404 as for any wrong path
const formDraftPath = (area: JourneyArea, resource: string) => `/${area}/${resource}` as FormDraftPath;

/** GET /seller|buyer/{resource}: a client form's saved row (draft or submission). */
export const formDraftQuery = <R,>(area: JourneyArea, resource: string) =>
  queryOptions({ queryKey: portalKeys.form(area, resource), queryFn: () => apiFetch<R>(apiPath('GET', formDraftPath(area, resource))) });

/**
 * A client form kept as a server-side draft (spec part 2 §4 "Forms": idle, saving or submitting, then success or
 * error): loads it, autosaves changes (debounced, and flushed when the page is hidden or the screen unmounts, so a
 * closed tab loses nothing), Save for Later and Submit with the spec's texts. Submit reloads the journey progress.
 */
export function useFormDraft<R>({ area, resource, bodyKey, texts, autosaveMs = 1200 }: FormDraftOptions) {
  const qc = useQueryClient();
  const path = formDraftPath(area, resource);
  const query = useQuery(formDraftQuery<R>(area, resource));
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

  useFlushOnLeave(flush);

  const save = useCallback(
    async (values: unknown) => {
      pending.current = null;
      clearTimeout(timer.current);
      setState('saving');
      try {
        await post('save', values, texts.saveFailed);
        setState('success');
        setAutosavedAt(new Date());
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
        toast.error(serverMessage(e) ?? texts.submitFailed);
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
      <DraftStatus state={autosavedAt ? 'saved' : 'idle'} />
    </div>
  );
}

/** Where a form's draft stands: nothing to say, being kept, kept, restored on opening, or not kept (retried). */
export type DraftSaveState = 'idle' | 'saving' | 'saved' | 'restored' | 'error';

/**
 * The one "Draft saved" note of every long form: a polite live region (always in the page, so each change of its
 * text is announced without taking the focus).
 */
export function DraftStatus({ state }: { state: DraftSaveState }) {
  const text = state === 'saving' ? DRAFT_TEXT.saving : state === 'saved' ? DRAFT_TEXT.saved : state === 'restored' ? DRAFT_TEXT.restored : state === 'error' ? DRAFT_TEXT.failed : '';
  return (
    <span className="bb-muted bb-draft-status" role="status" aria-live="polite" data-state={state}>
      {text}
    </span>
  );
}

/**
 * What is kept on the server for a form key (GET /drafts/{key}: the draft, or null when there is none), read once per
 * opening of the form: e.g. a list page offering to continue an unfinished form.
 */
export function useKeptDraft(key: DraftKey | null) {
  return useQuery(keptDraftQuery(key));
}

/** GET /drafts/{key} → the draft, or null when there is none (404). */
export const keptDraftQuery = (key: DraftKey | null) =>
  queryOptions({
    queryKey: draftKeys.one(key),
    enabled: key !== null,
    // the form owns the values once opened; a reopening reads again (gcTime 0)
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    queryFn: async (): Promise<Draft | null> => {
      try {
        return await apiFetch<Draft>(apiPath('GET', '/drafts/:key', { key: key! }));
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }
    },
  });

/**
 * The form's defaults with what a draft kept for them: only the defaults' own fields, each when it has the same
 * shape (text, yes/no, list of texts, or a group of those), so an old or odd draft never breaks the form.
 */
export function withDraft<T extends Record<string, unknown>>(defaults: T, kept: Record<string, unknown> | null | undefined): T {
  if (!kept) return defaults;
  const out: Record<string, unknown> = { ...defaults };
  for (const [k, d] of Object.entries(defaults)) {
    const v = kept[k];
    if (v === undefined || v === null) continue;
    if (Array.isArray(d)) {
      if (Array.isArray(v) && v.every((x) => typeof x === 'string')) out[k] = v;
    } else if (d !== null && typeof d === 'object') {
      if (typeof v === 'object' && !Array.isArray(v)) out[k] = withDraft(d as Record<string, unknown>, v as Record<string, unknown>);
    } else if (typeof v === typeof d) out[k] = v;
  }
  return out as T;
}

/**
 * A long form's draft kept on the server (GET|PUT|DELETE /drafts/{key}, identity; never the browser's storage):
 * `draft` is what was kept (null: none; undefined while loading), `schedule` autosaves the newest values after a
 * pause (and when the page is hidden or the form unmounts), `discard` throws it away (after a submit, or on the
 * user's Discard). `key` null: no draft (e.g. while the form's subject is unknown).
 */
export function useServerDraft<T extends Record<string, unknown>>(key: DraftKey | null, { autosaveMs = 1200 }: { autosaveMs?: number } = {}) {
  const qc = useQueryClient();
  const query = useKeptDraft(key);
  const [state, setState] = useState<DraftSaveState>('idle');
  const pending = useRef<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const gone = useRef(false);

  useEffect(() => {
    if (query.data) setState((s) => (s === 'idle' ? 'restored' : s));
  }, [query.data]);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const values = pending.current;
    if (values === null || key === null) return;
    pending.current = null;
    if (!gone.current) setState('saving');
    try {
      await apiFetch<Draft>(apiPath('PUT', '/drafts/:key', { key }), { method: 'PUT', json: { data: values } });
      if (!gone.current && pending.current === null) setState('saved');
    } catch {
      // kept on this page; the next change tries again with the newest values
      pending.current ??= values;
      if (!gone.current) setState('error');
    }
  }, [key]);

  const schedule = useCallback(
    (values: T) => {
      pending.current = values;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), autosaveMs);
    },
    [flush, autosaveMs],
  );

  const discard = useCallback(async () => {
    pending.current = null;
    clearTimeout(timer.current);
    if (!gone.current) setState('idle');
    qc.setQueryData(draftKeys.one(key), null);
    if (key === null) return;
    // a discard that does not reach the server leaves a draft to find next time: nothing is lost, so no alarm
    await apiFetch(apiPath('DELETE', '/drafts/:key', { key }), { method: 'DELETE' }).catch(() => undefined);
  }, [key, qc]);

  useEffect(() => {
    gone.current = false;
    return () => {
      gone.current = true;
    };
  }, []);
  useFlushOnLeave(flush);

  return {
    /** The kept values: undefined while loading, null when there are none. */
    draft: key === null ? null : query.isPending ? undefined : ((query.data?.data as Partial<T> | undefined) ?? null),
    failed: query.isError,
    state,
    schedule,
    flush,
    discard,
  };
}
