import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentProps } from 'react';
import type { ExternalToast } from 'sonner';

/*
 * Toasts via sonner, loaded on demand: sonner (≈ 9.5 KB gz) stays out of the first load of every page until the first
 * toast is requested. `toast(...)` calls made before sonner is ready are queued and replayed once the <Toaster> is
 * mounted (the shell renders <Toaster/> once; @brokerage/ui is a federation singleton, so every remote reaches it).
 * Difference from sonner: the functions return void (not the toast id); use `toast.dismiss()` without an id.
 */
type Sonner = typeof import('sonner');
type ToasterProps = ComponentProps<Sonner['Toaster']>;

let sonnerPromise: Promise<Sonner> | null = null;
const loadSonner = () => (sonnerPromise ??= import('sonner'));

let wanted = false;
const listeners = new Set<() => void>();
let readyResolve: (() => void) | null = null;
const ready = new Promise<void>((r) => (readyResolve = r));

function want() {
  if (wanted) return;
  wanted = true;
  listeners.forEach((l) => l());
}

type Kind = 'default' | 'success' | 'error' | 'info' | 'warning' | 'message' | 'loading';
type Msg = Parameters<Sonner['toast']>[0];

function fire(kind: Kind, message: Msg, data?: ExternalToast) {
  want();
  void Promise.all([loadSonner(), ready]).then(([s]) => {
    if (kind === 'default') s.toast(message, data);
    else s.toast[kind](message, data);
  });
}

export const toast = Object.assign((message: Msg, data?: ExternalToast) => fire('default', message, data), {
  success: (message: Msg, data?: ExternalToast) => fire('success', message, data),
  error: (message: Msg, data?: ExternalToast) => fire('error', message, data),
  info: (message: Msg, data?: ExternalToast) => fire('info', message, data),
  warning: (message: Msg, data?: ExternalToast) => fire('warning', message, data),
  message: (message: Msg, data?: ExternalToast) => fire('message', message, data),
  loading: (message: Msg, data?: ExternalToast) => fire('loading', message, data),
  dismiss: (id?: string | number) => {
    if (sonnerPromise) void sonnerPromise.then((s) => s.toast.dismiss(id));
  },
});

const LazySonnerToaster = lazy(() => loadSonner().then((s) => ({ default: s.Toaster })));

function Ready() {
  // Child effects run before parent effects: by now sonner's <Toaster> has subscribed.
  useEffect(() => readyResolve?.(), []);
  return null;
}

/** Mount once (the shell does). Renders nothing and loads nothing until the first toast. */
export function Toaster(props: ToasterProps) {
  const isWanted = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => wanted,
    () => false,
  );
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <LazySonnerToaster {...props} />
      <Ready />
    </Suspense>
  );
}
