/**
 * What the browser build gives rjsf for `markdown-to-jsx/react` (vite.config.ts, jest.config.cjs): its text as
 * written. rjsf renders markdown only where a form's uiSchema enables it (enableMarkdownInDescription,
 * enableMarkdownInHelp), which spec validation refuses (generators/codegen/semantics.ts), a file widget's list
 * (no spec form has a file field) and its notes about a broken schema; the markdown parser (about a quarter of
 * the forms chunk) would otherwise arrive with every screen that has a form.
 */
import type { ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return <>{children}</>;
}

export default Markdown;
