import { safeReturnPath } from './return-to';

const fallback = '/fallback';

describe('return-to paths', () => {
  it('keeps a path on this site with its query and fragment', () => {
    expect(safeReturnPath('/app/bookings?tz=America%2FNew_York&showSuccessModal=true', fallback)).toBe(
      '/app/bookings?tz=America%2FNew_York&showSuccessModal=true',
    );
    expect(safeReturnPath('/a#b', fallback)).toBe('/a#b');
  });

  it('refuses addresses that leave the site', () => {
    for (const value of [
      '//evil.example/x',
      'https://evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      '/\n/evil.example',
      'app/bookings',
    ]) {
      expect(safeReturnPath(value, fallback)).toBe(fallback);
    }
  });

  it('uses the fallback when there is nothing', () => {
    expect(safeReturnPath(undefined, fallback)).toBe(fallback);
    expect(safeReturnPath('', fallback)).toBe(fallback);
  });
});
