/**
 * A provider's times come in one request: one slot listing may cover the whole
 * availability window, so the slot picker (src/client/features/visitor/SlotPicker.tsx), which asks
 * for ranges of slotListMaxDays from today, asks once for all eight weeks.
 */
import { constants } from '@/generated/constants';

it('lets one listing cover the availability window, so the slot picker makes one call for the eight weeks', () => {
  expect(constants.slotListMaxDays).toBeGreaterThanOrEqual(constants.availabilityWindowDays);
  // The picker's last range index (SlotPicker.tsx): 0 means only the first range is ever asked for.
  expect(Math.floor((constants.availabilityWindowDays - 1) / constants.slotListMaxDays)).toBe(0);
});
