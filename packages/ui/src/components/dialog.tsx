import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button, cx } from './basic.js';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  /** Role for assistive tech: 'dialog' (default) or 'alertdialog' for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** A × button in the title row that closes the dialog (labelled "Close"). */
  closeButton?: boolean;
  /** 'lg' for reading dialogs (team member details). */
  size?: 'md' | 'lg';
  className?: string;
  /** Id of the element that says what the dialog asks (read after its title by screen readers). */
  describedBy?: string;
}

/** Native <dialog> shown modally: focus trap, Escape, backdrop and focus return handled by the browser. */
export function Dialog({ open, onClose, title, children, actions, role = 'dialog', closeButton, size = 'md', className, describedBy }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    } else if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={cx('bb-dialog', size === 'lg' && 'bb-dialog--lg', className)}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose(); // click on the backdrop
      }}
    >
      {open && (
        <>
          <div className="bb-dialog__body">
            <div className="bb-dialog__head">
              <h2 className="bb-dialog__title" id={titleId}>
                {title}
              </h2>
              {closeButton && (
                <button type="button" className="bb-dialog__close" onClick={onClose} aria-label="Close">
                  <span aria-hidden="true">×</span>
                </button>
              )}
            </div>
            {children}
          </div>
          {actions && <div className="bb-dialog__actions">{actions}</div>}
        </>
      )}
    </dialog>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title?: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: 'primary' | 'danger';
  onConfirm: () => void | Promise<void>;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title = 'Please confirm',
  message,
  confirmLabel = 'OK',
  cancelLabel = 'Cancel',
  tone = 'primary',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const messageId = useId();
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onCancel()}
      title={title}
      role="alertdialog"
      describedBy={messageId}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy} autoFocus>
            {cancelLabel}
          </Button>
          <Button
            variant={tone === 'danger' ? 'danger' : 'primary'}
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onConfirm();
              } finally {
                setBusy(false);
              }
            }}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p id={messageId}>{message}</p>
    </Dialog>
  );
}
