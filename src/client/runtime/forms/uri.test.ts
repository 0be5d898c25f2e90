import fastUri from 'fast-uri';
import uri from './uri';

describe('the browser build’s stand-in for fast-uri (rjsf schema lookups)', () => {
  it.each([
    ['https://example.org/forms/a.json', '#/definitions/x'],
    ['https://example.org/forms/a.json', 'b.json#/definitions/y'],
    ['https://example.org/forms/', 'https://other.example/c'],
    ['#', '#/definitions/x'],
    ['login', '#/properties/email'],
  ])('resolves %s against %s as fast-uri does', (base, ref) => {
    expect(uri.resolve(base, ref)).toBe(fastUri.resolve(base, ref));
  });

  it('compares URIs after normalising them, and plain ids as they are', () => {
    expect(uri.equal('https://Example.org/a', 'https://example.org/a')).toBe(true);
    expect(uri.equal('https://example.org/a', 'https://example.org/b')).toBe(false);
    expect(uri.equal('login', 'login')).toBe(true);
    expect(uri.equal('login', 'sign-in')).toBe(false);
  });
});
