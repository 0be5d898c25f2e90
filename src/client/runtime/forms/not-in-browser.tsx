/**
 * What the browser build gives rjsf in place of the fields, widgets and templates no spec form uses
 * (arrays, numbers, anyOf/oneOf, layout grids, files, ratings, colours, ranges: vite.config.ts, lighterRjsf).
 * Spec forms hold only objects, strings and booleans (forms-in-browser.test.ts says so), so rjsf never draws
 * one of these; if a form ever needed one, it says which instead of drawing nothing.
 */
export default function NotInBrowserBuild(): never {
  throw new Error('This form uses an rjsf part the browser build leaves out (vite.config.ts, lighterRjsf).');
}
