import * as rulesConstants from '../generated/constants/rules';
import * as careEnums from '../generated/enums/care';
import { compareAgeGroups, mergeAgeGroups, parseAgeGroup } from './age-groups';

const oldest = rulesConstants.ageGroupOpenEndMaxAge;

describe('age groups', () => {
  it('reads closed and open-ended groups', () => {
    expect(parseAgeGroup('6-10')).toEqual([6, 10]);
    expect(parseAgeGroup(' 11 - 13 ')).toEqual([11, 13]);
    expect(parseAgeGroup('65+')).toEqual([65, oldest]);
  });

  it('ignores text that is not an age group, and upside-down groups', () => {
    expect(parseAgeGroup('teens')).toBeUndefined();
    expect(parseAgeGroup('10-6')).toBeUndefined();
    expect(parseAgeGroup('-5')).toBeUndefined();
    expect(parseAgeGroup(`${oldest + 1}+`)).toBeUndefined();
    expect(mergeAgeGroups(['teens', '0-5'])).toEqual([[0, 5]]);
  });

  it('merges groups that touch into one range', () => {
    expect(mergeAgeGroups(['0-5', '6-10'])).toEqual([[0, 10]]);
  });

  it('merges every questionnaire age group into one range', () => {
    expect(mergeAgeGroups(careEnums.clientAgeGroup.values)).toEqual([[0, 17]]);
  });

  it('keeps a gap between groups that do not touch', () => {
    expect(mergeAgeGroups(['0-5', '11-13'])).toEqual([
      [0, 5],
      [11, 13],
    ]);
  });

  it('sorts unsorted input and merges overlaps', () => {
    expect(mergeAgeGroups(['14-17', '0-5', '3-8', '11-13', '6-7'])).toEqual([
      [0, 8],
      [11, 17],
    ]);
  });

  it('swallows a group inside another', () => {
    expect(mergeAgeGroups(['0-17', '6-10'])).toEqual([[0, 17]]);
  });

  it('turns "N+" into N to the oldest age and absorbs later groups', () => {
    expect(mergeAgeGroups(['65+'])).toEqual([[65, oldest]]);
    expect(mergeAgeGroups(['70-80', '65+', '18-64'])).toEqual([[18, oldest]]);
  });

  it('gives nothing for no groups, and the same answer for duplicates', () => {
    expect(mergeAgeGroups([])).toEqual([]);
    expect(mergeAgeGroups(['6-10', '6-10'])).toEqual([[6, 10]]);
  });
});

describe('compareAgeGroups', () => {
  it('orders groups youngest first, not as text ("11-13" after "6-10"), an open group last of its start', () => {
    expect(['65+', '11-13', '0-5', '18-64', '6-10', '14-17'].sort(compareAgeGroups)).toEqual(['0-5', '6-10', '11-13', '14-17', '18-64', '65+']);
    expect(['6-10', '6-7'].sort(compareAgeGroups)).toEqual(['6-7', '6-10']);
  });

  it('puts text that is not a group after the groups', () => {
    expect(['Any', '18-64', '0-5'].sort(compareAgeGroups)).toEqual(['0-5', '18-64', 'Any']);
  });
});
