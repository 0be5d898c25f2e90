/**
 * A modal dialog on the native <dialog> element: the browser keeps focus inside, Escape closes it,
 * and focus returns to what opened it. On phones it fills the screen; on wider screens it is a panel.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import './dialog.css';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** a sentence under the title that screen readers read with it */
  description?: string;
  /** the close button's accessible name; without it the dialog closes by its own buttons and Escape */
  closeLabel?: string;
  children: ReactNode;
  footer?: ReactNode;
  /** wide: availability tables; side: a filter panel */
  size?: 'normal' | 'wide';
}

export function Dialog({ open, onClose, title, description, closeLabel, children, footer, size = 'normal' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      // jsdom (component tests) has no showModal; there the dialog is simply shown.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (event: Event) => {
      event.preventDefault();
      onClose();
    };
    const onClosed = () => {
      if (opener.current instanceof HTMLElement) opener.current.focus();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClosed);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClosed);
    };
  }, [onClose]);

  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${size}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClick={(e) => e.target === ref.current && onClose()}
    >
      {open ? (
        <div className="dialog__frame">
          <div className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            {closeLabel ? (
              <button type="button" className="btn btn--ghost dialog__close" onClick={onClose}>
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">{closeLabel}</span>
              </button>
            ) : null}
          </div>
          {description ? (
            <p id={descriptionId} className="dialog__description">
              {description}
            </p>
          ) : null}
          <div className="dialog__body">{children}</div>
          {footer ? <div className="dialog__footer">{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}
