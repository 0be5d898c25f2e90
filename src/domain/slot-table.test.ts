import * as timingConstants from '../generated/constants/timing';
import { slotColumn, slotTableRowCount } from './slot-table';

describe('slot table columns', () => {
  it('pads a day to the table rows with empty cells', () => {
    const rows = slotTableRowCount([1, 2]);
    expect(rows).toBe(timingConstants.slotTableMinRows);
    expect(slotColumn(['a'], rows)).toEqual(['a', ...Array(rows - 1).fill(undefined)]);
  });

  it('never drops a slot', () => {
    expect(slotColumn(['a', 'b', 'c', 'd'], 2)).toEqual(['a', 'b', 'c', 'd']);
  });
});
