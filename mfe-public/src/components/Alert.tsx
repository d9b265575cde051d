import { useEffect, useRef, type ReactNode } from 'react';

/**
 * Form-level message. Errors are announced assertively, success politely.
 * `reveal` scrolls the message into view whenever its text changes (long forms: the message sits at the top).
 */
export function Alert({
  kind,
  children,
  id,
  reveal,
}: {
  kind: 'error' | 'success' | 'info';
  children: ReactNode;
  id?: string;
  reveal?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const text = typeof children === 'string' ? children : undefined;
  useEffect(() => {
    if (!reveal || !ref.current) return;
    const r = ref.current.getBoundingClientRect();
    if (r.top < 120 || r.bottom > window.innerHeight) ref.current.scrollIntoView({ block: 'center' });
  }, [reveal, text]);
  return (
    <div ref={ref} id={id} className={`pub-alert pub-alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
