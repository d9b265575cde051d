import type { ReactNode } from 'react';

/** Form-level message. Errors are announced assertively, success politely. */
export function Alert({ kind, children, id }: { kind: 'error' | 'success' | 'info'; children: ReactNode; id?: string }) {
  return (
    <div id={id} className={`pub-alert pub-alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
