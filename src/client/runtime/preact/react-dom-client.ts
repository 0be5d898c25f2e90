/**
 * `react-dom/client` in the browser build, which runs on preact/compat (vite.config.ts aliases react and react-dom
 * there; `npm run dev`, the server renderer and the component tests run React). Preact's createRoot and hydrateRoot,
 * and one difference from React taken away: the order of an element's attributes.
 *
 * React writes an element's attributes in the order its JSX names them, on the server and in the browser alike.
 * preact/compat turns `className` into `class` and moves it after every other prop, so a screen the browser draws
 * read `<aside aria-label="…" class="crisis-line">` where the server's pages read `<aside class="crisis-line"
 * aria-label="…">` (the crisis-line check of tests/e2e/help-on-every-page.e2e.test.ts reads the page's markup). Nobody
 * sees the order, but the markup of one screen should not depend on who drew it: `class` goes back to its place.
 */
import { options, type VNode } from 'preact';
import 'preact/compat';

export { createRoot, hydrateRoot } from 'preact/compat/client';

type Props = Record<string, unknown>;

/** The props preact/compat writes no attribute for (its handleDomVNode): they take no place in the order. */
function leftOut(key: string, props: Props, type: string): boolean {
  return key === 'class' || (key === 'value' && 'defaultValue' in props && props.value == null) || (key === 'children' && type === 'noscript');
}

/** The element's props as compat left them, with `class` (and `className`) where the JSX had `className`. */
function classInPlace(type: string, written: Props, normalized: Props): Props {
  let place = 0;
  for (const key in written) {
    if (key === 'className') break;
    if (!leftOut(key, written, type)) place += 1;
  }
  const ordered: Props = {};
  let index = 0;
  for (const key in normalized) {
    if (key === 'class' || key === 'className') continue;
    if (index === place) ordered.class = ordered.className = normalized.class;
    ordered[key] = normalized[key];
    index += 1;
  }
  if (!('class' in ordered)) ordered.class = ordered.className = normalized.class;
  // compat keeps an element's ref in its props, not enumerable (as React 19 does).
  if ('ref' in normalized && !Object.prototype.propertyIsEnumerable.call(normalized, 'ref')) {
    Object.defineProperty(ordered, 'ref', { value: normalized.ref, configurable: true, writable: true });
  }
  return ordered;
}

const compatVNode = options.vnode;
options.vnode = (vnode: VNode) => {
  const written = vnode.props as Props;
  compatVNode?.(vnode);
  if (typeof vnode.type === 'string' && written.className && vnode.props !== written) {
    vnode.props = classInPlace(vnode.type, written, vnode.props as Props) as VNode['props'];
  }
};
