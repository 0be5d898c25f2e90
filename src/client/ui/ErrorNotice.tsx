/**
 * A failure the person must read: announced at once, and close to what failed. `inline` shows it as a
 * field's error text (under a form's last field or a dialog's buttons) rather than as a notice box.
 */
export function ErrorNotice({ text, inline = false }: { text?: string | undefined; inline?: boolean }) {
  return (
    <div aria-live="assertive">
      {text ? (
        <p className={inline ? 'field__error' : 'notice notice--error'} role="alert">
          {text}
        </p>
      ) : null}
    </div>
  );
}
