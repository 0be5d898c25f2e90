/** A failure the person must read: announced at once, and close to what failed. */
export function ErrorNotice({ text }: { text?: string }) {
  return (
    <div aria-live="assertive">
      {text ? (
        <p className="notice notice--error" role="alert">
          {text}
        </p>
      ) : null}
    </div>
  );
}
