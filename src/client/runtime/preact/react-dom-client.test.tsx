/**
 * The browser build's react-dom/client (Preact's, vite.config.ts) writes an element's attributes in the order React
 * does for elements other than form fields: the same elements drawn by React and by it read the same markup. (React
 * writes an input's type, name and value after its other attributes, whatever the JSX order.)
 */
import { act, createElement as reactElement } from 'react';
import { createRoot as reactRoot } from 'react-dom/client';
import { createElement as preactElement, createRef } from 'preact/compat';
import { createRoot as preactRoot } from './react-dom-client';

type Element = [type: string, props: Record<string, unknown>, ...children: (Element | string)[]];

const elements: Record<string, Element> = {
  'the crisis line': [
    'aside',
    { className: 'crisis-line', 'aria-label': 'Crisis line' },
    ['div', { className: 'container crisis-line__inner' }, ['a', { className: 'crisis-line__link', href: 'tel:988' }, 'Call 988']],
  ],
  'a section (class among other attributes)': [
    'section',
    { id: 'pay', 'aria-labelledby': 'pay-heading', className: 'card stack', tabIndex: -1 },
    ['h2', { id: 'pay-heading' }, 'Pay'],
  ],
  'class written last': ['p', { id: 'note', role: 'status', className: 'muted' }, 'Saved'],
  'no class': ['a', { href: '/help', hrefLang: 'es' }, 'Ayuda'],
};

function build<T>(make: (type: string, props: Record<string, unknown>, ...children: unknown[]) => T, [type, props, ...children]: Element): T {
  return make(type, props, ...children.map((c) => (typeof c === 'string' ? c : build(make, c))));
}

function drawnByPreact(element: Element): string {
  const container = document.createElement('div');
  preactRoot(container).render(build((type, props, ...children) => preactElement(type, props, ...(children as string[])), element));
  return container.innerHTML;
}

describe('the browser build draws attributes in the order React does', () => {
  it.each(Object.entries(elements))('%s', async (_, element) => {
    const preact = drawnByPreact(element);
    const container = document.createElement('div');
    const root = reactRoot(container);
    await act(async () => root.render(build((type, props, ...children) => reactElement(type, props, ...(children as string[])), element)));
    expect(preact).toBe(container.innerHTML);
    act(() => root.unmount());
  });

  it('keeps the crisis line as the server writes it', () => {
    expect(drawnByPreact(elements['the crisis line']!)).toMatch(/^<aside class="crisis-line" aria-label="Crisis line">/);
  });

  it('still gives a ref its element', () => {
    const ref = createRef<HTMLDivElement>();
    const container = document.createElement('div');
    preactRoot(container).render(preactElement('div', { className: 'frame', id: 'frame', ref }));
    expect(ref.current?.id).toBe('frame');
  });
});
