import { isUuid } from './ids';

describe('isUuid', () => {
  it('takes the hyphenated form in either case, and nothing else', () => {
    expect(isUuid('1b4e28ba-2fa1-11d2-883f-0016d3cca427')).toBe(true);
    expect(isUuid('1B4E28BA-2FA1-11D2-883F-0016D3CCA427')).toBe(true);
    for (const other of [
      '',
      'INS-TEST-1',
      '1b4e28ba2fa111d2883f0016d3cca427',
      '{1b4e28ba-2fa1-11d2-883f-0016d3cca427}',
      '1b4e28ba-2fa1-11d2-883f-0016d3cca427 ',
      'zb4e28ba-2fa1-11d2-883f-0016d3cca427',
    ]) {
      expect(isUuid(other)).toBe(false);
    }
  });
});
