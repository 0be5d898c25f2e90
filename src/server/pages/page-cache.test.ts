/** Edges of the page cache's negotiation: which encoding a caller gets, and when If-None-Match names a page. */
import { chooseEncoding, etagMatches } from './page-cache';

describe('chooseEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR', 'br'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['br;q=0.5, gzip;q=1', 'br'],
  ] as const)('%s → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('etagMatches', () => {
  const etag = '"abc"';
  it.each([
    [undefined, false],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    ['"abd"', false],
  ] as const)('%s → %s', (header, expected) => {
    expect(etagMatches(header, etag)).toBe(expected);
  });
});
