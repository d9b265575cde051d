import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * Native <dialog> modal: focus trapping, Escape and the top layer come from the browser.
 * Focus returns to the element that opened it.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  wide,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      const opener = document.activeElement as HTMLElement | null;
      d.showModal();
      return () => {
        if (d.open) d.close();
        opener?.focus?.();
      };
    }
    return undefined;
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`pub-modal ${wide ? 'pub-modal-wide' : ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      <div className="pub-modal-body">
        <div className="pub-modal-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="pub-icon-btn" onClick={onClose} aria-label="Close">
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
