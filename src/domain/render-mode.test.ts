import { rendersAsDocument } from './render-mode';

describe('rendersAsDocument', () => {
  const search = { render: 'server' as const, documentWhenQuery: ['state', 'location'] };

  it('a document route always; a client route never, whatever its address', () => {
    expect(rendersAsDocument({ render: 'document' }, new URLSearchParams())).toBe(true);
    expect(rendersAsDocument({ render: 'client', documentWhenQuery: ['state'] }, new URLSearchParams('state=TX'))).toBe(false);
    // A fragment is drawn as a document draws it, but served alone: it is not a document page.
    expect(rendersAsDocument({ render: 'fragment' }, new URLSearchParams())).toBe(false);
  });

  it('a server route is a document only when its address carries one of its parameters, with a value', () => {
    expect(rendersAsDocument(search, new URLSearchParams('state=TX'))).toBe(true);
    expect(rendersAsDocument(search, new URLSearchParams('location=78701&page=2'))).toBe(true);
    expect(rendersAsDocument(search, new URLSearchParams('partnershipCode=ABC'))).toBe(false);
    expect(rendersAsDocument(search, new URLSearchParams('location=%20'))).toBe(false);
    expect(rendersAsDocument({ render: 'server' }, new URLSearchParams('state=TX'))).toBe(false);
  });
});
