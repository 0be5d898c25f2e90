import { useLayoutEffect, useRef } from 'react';

/**
 * A field that asks for the focus (rjsf's `autofocus`, e.g. the sign-in code field) takes it when it is drawn. React
 * focuses an `autoFocus` input itself as it mounts; Preact (the browser build runs on preact/compat, vite.config.ts)
 * only writes the `autofocus` attribute, which a browser honours while the page loads, not for a field a screen draws
 * later (the code field after the e-mail step): the screen's heading took the focus instead. So the field focuses
 * itself, before the screen's own effects look at what has the focus (`focusOnArrival`, `AuthFrame`).
 */
export function useFocusOnMount<T extends HTMLElement>(autofocus: boolean | undefined) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    if (autofocus) ref.current?.focus();
  }, [autofocus]);
  return ref;
}
