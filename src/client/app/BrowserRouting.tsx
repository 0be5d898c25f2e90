/**
 * The browser's router. A followed link shows the next screen (or its skeleton while its code loads)
 * at once, never the page being left under the new address: react-router otherwise applies a
 * navigation as a transition, so while a lazily loaded screen downloads, the previous screen stays
 * on show and takes typing (the support dashboard's "Find an account" under the check-insurance
 * address) and the account menu reads the old address, and both are thrown away when the next
 * screen arrives: what the person typed is lost and the menu they opened closes.
 */
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';

export function BrowserRouting({ basename, children }: { basename?: string; children: ReactNode }) {
  return (
    <BrowserRouter basename={basename} useTransitions={false}>
      {children}
    </BrowserRouter>
  );
}
