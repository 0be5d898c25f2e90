import { fillContent, fillContentTree } from './content-text';

describe('content placeholders', () => {
  it('fills {{name}} placeholders, with or without spaces inside the braces', () => {
    expect(fillContent('Therapists in {{city}}, {{ state }}', { city: 'Columbus', state: 'OH' })).toBe('Therapists in Columbus, OH');
  });

  it('keeps a placeholder without a value visible', () => {
    expect(fillContent('Near {{city}}', {})).toBe('Near {{city}}');
  });

  it('leaves single-brace message placeholders alone', () => {
    expect(fillContent('Call {phone}', { phone: '1' })).toBe('Call {phone}');
  });

  it('fills every string of a tree and keeps its shape', () => {
    const tree = { heading: 'In {{city}}', items: [{ q: '{{city}}?', n: 3 }] };
    expect(fillContentTree(tree, { city: 'Austin' })).toEqual({ heading: 'In Austin', items: [{ q: 'Austin?', n: 3 }] });
  });
});
