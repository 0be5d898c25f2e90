import { formatPhone, telHref } from './phone';

describe('phone formatting', () => {
  it('formats exactly ten digits', () => {
    expect(formatPhone('8885550142')).toBe('(888) 555-0142');
    expect(formatPhone('888-555-0142')).toBe('(888) 555-0142');
  });

  it('leaves other lengths as typed', () => {
    expect(formatPhone('888555014')).toBe('888555014');
    expect(formatPhone('18885550142')).toBe('18885550142');
  });

  it('builds a tel: link', () => {
    expect(telHref('(888) 555-0142')).toBe('tel:+18885550142');
  });
});
