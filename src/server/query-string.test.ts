import { parseQueryString } from './query-string';

describe('query strings', () => {
  it('reads repeated names and the bracket format as one list', () => {
    expect(parseQueryString('language=Spanish&language=French&state_code=OH')).toEqual({ language: ['Spanish', 'French'], state_code: 'OH' });
    expect(parseQueryString('language[]=Spanish&language[]=French')).toEqual({ language: ['Spanish', 'French'] });
  });

  it('keeps a single bracketed value a list, and decodes values', () => {
    expect(parseQueryString('providerId[]=a&counselingType=Medication%2FPsychiatry&location=Columbus%2C+OH')).toEqual({
      providerId: ['a'],
      counselingType: 'Medication/Psychiatry',
      location: 'Columbus, OH',
    });
  });
});
