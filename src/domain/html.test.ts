import { escapeHtml, scriptSafeJson } from './html';

describe('escapeHtml', () => {
  it('escapes the five characters that can end text or an attribute: & < > " \'', () => {
    expect(escapeHtml(`Tom & Jerry's <b class="x">`)).toBe('Tom &amp; Jerry&#x27;s &lt;b class=&quot;x&quot;&gt;');
  });

  it('escapes an ampersand once, so an entity typed as text stays text', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });

  it('leaves other text as it is, including letters of any alphabet and the empty string', () => {
    expect(escapeHtml('José Núñez – 9:00')).toBe('José Núñez – 9:00');
    expect(escapeHtml('')).toBe('');
  });
});

describe('scriptSafeJson', () => {
  it('cannot close its <script> element or open a comment', () => {
    const written = scriptSafeJson({ a: '</script><script>alert(1)</script>', b: '<!--' });
    expect(written).not.toContain('<');
    expect(written).toContain('\\u003c/script>');
  });

  it('escapes the line and paragraph separators', () => {
    const written = scriptSafeJson('a\u2028b\u2029c');
    expect(written).toBe('"a\\u2028b\\u2029c"');
  });

  it('reads back as the same value', () => {
    const value = { text: '</script> & \u2028 é', n: 1.5, list: [null, true] };
    expect(JSON.parse(scriptSafeJson(value))).toEqual(value);
  });
});
