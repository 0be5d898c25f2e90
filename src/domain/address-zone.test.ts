import { addressZoneToSuggest, zoneOfAddress } from './address-zone';

describe('the time zone of a US address', () => {
  it.each([
    // States with two clocks, on either side of the line.
    ['TX', '79901', 'America/Denver'], // El Paso
    ['TX', '79938', 'America/Denver'], // El Paso county, east
    ['TX', '88510', 'America/Denver'], // El Paso post office boxes
    ['TX', '79701', 'America/Chicago'], // Midland, next door
    ['TX', '78205', 'America/Chicago'], // San Antonio
    ['FL', '32501', 'America/Chicago'], // Pensacola
    ['FL', '32401', 'America/Chicago'], // Panama City
    ['FL', '32301', 'America/New_York'], // Tallahassee, east of the river
    ['FL', '33101', 'America/New_York'], // Miami
    ['KY', '42001', 'America/Chicago'], // Paducah
    ['KY', '40202', 'America/New_York'], // Louisville
    ['TN', '37902', 'America/New_York'], // Knoxville
    ['TN', '37203', 'America/Chicago'], // Nashville
    ['IN', '46320', 'America/Chicago'], // Hammond
    ['IN', '46204', 'America/New_York'], // Indianapolis
    ['MI', '49801', 'America/Chicago'], // Iron Mountain (five-digit rule beats the state)
    ['MI', '49855', 'America/New_York'], // Marquette, same prefix
    ['ID', '83814', 'America/Los_Angeles'], // Coeur d'Alene
    ['ID', '83702', 'America/Denver'], // Boise
    ['OR', '97914', 'America/Denver'], // Ontario
    ['ND', '58601', 'America/Denver'], // Dickinson
    ['SD', '57701', 'America/Denver'], // Rapid City
    ['NE', '69361', 'America/Denver'], // Scottsbluff
    ['NV', '89883', 'America/Denver'], // West Wendover
    ['AL', '36867', 'America/New_York'], // Phenix City
    // One clock a state, and Arizona without summer time.
    ['AZ', '85001', 'America/Phoenix'],
    ['CO', '80202', 'America/Denver'],
    ['HI', '96813', 'Pacific/Honolulu'],
    ['PR', '00901', 'America/Puerto_Rico'],
  ])('%s %s is in %s', (state, zipcode, zone) => {
    expect(zoneOfAddress({ state, zipcode })).toBe(zone);
  });

  it('goes by the state when the zip code is missing, malformed or ZIP+4', () => {
    expect(zoneOfAddress({ state: 'tx', zipcode: '' })).toBe('America/Chicago');
    expect(zoneOfAddress({ state: 'TX', zipcode: '7990' })).toBe('America/Chicago');
    expect(zoneOfAddress({ state: 'TX', zipcode: ' 79901-1234 ' })).toBe('America/Denver');
    expect(zoneOfAddress({ state: 'TX' })).toBe('America/Chicago');
  });

  it('does not move a state by a zip code of another state', () => {
    // Pensacola's zip code typed with Georgia: Georgia's clock.
    expect(zoneOfAddress({ state: 'GA', zipcode: '32501' })).toBe('America/New_York');
  });

  it('knows no zone without a known state', () => {
    expect(zoneOfAddress({ state: '', zipcode: '79901' })).toBeUndefined();
    expect(zoneOfAddress({ state: 'XX', zipcode: '79901' })).toBeUndefined();
    expect(zoneOfAddress({})).toBeUndefined();
  });
});

describe('which address zone to suggest', () => {
  const winter = new Date('2026-12-04T15:00:00Z');
  it('suggests the address zone when it keeps another clock than the person’s', () => {
    expect(addressZoneToSuggest('America/Denver', 'America/Chicago', winter)).toBe('America/Denver');
    // Arizona and Denver share a clock in winter, not in summer: different clocks over the year.
    expect(addressZoneToSuggest('America/Denver', 'America/Phoenix', winter)).toBe('America/Denver');
  });

  it('suggests nothing for the same clock under another name, or no address zone', () => {
    expect(addressZoneToSuggest('America/New_York', 'America/Indiana/Indianapolis', winter)).toBeUndefined();
    expect(addressZoneToSuggest('America/Denver', 'America/Denver', winter)).toBeUndefined();
    expect(addressZoneToSuggest(undefined, 'America/Denver', winter)).toBeUndefined();
  });

  it('suggests the address zone when the person has none, or one the platform does not know', () => {
    expect(addressZoneToSuggest('America/Denver', undefined, winter)).toBe('America/Denver');
    expect(addressZoneToSuggest('America/Denver', 'Mars/Olympus_Mons', winter)).toBe('America/Denver');
  });
});
