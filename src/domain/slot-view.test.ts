import * as marketplaceConstants from '../generated/constants/marketplace';
import { earlierView, laterView, otherParams, SLOT_PICKER_ANCHOR, slotViewFromSearch, slotViewHref, type SlotView } from './slot-view';

const first: SlotView = { mode: '', timeOfDay: '', range: 0, firstDay: 0 };
const lastRange = Math.floor((marketplaceConstants.availabilityWindowDays - 1) / marketplaceConstants.slotListMaxDays);

describe('slot view in a document page address', () => {
  it('reads the filters, block and first day; anything else is the first view', () => {
    expect(slotViewFromSearch(new URLSearchParams(''))).toEqual(first);
    expect(slotViewFromSearch(new URLSearchParams(`slotMode=online&slotTime=morning&slotRange=${lastRange}&slotDay=3`))).toEqual({
      mode: 'online',
      timeOfDay: 'morning',
      range: lastRange,
      firstDay: 3,
    });
    expect(slotViewFromSearch(new URLSearchParams('slotMode=phone&slotTime=noon&slotRange=-1&slotDay=1.5'))).toEqual(first);
    expect(slotViewFromSearch(new URLSearchParams(`slotRange=${lastRange + 1}&slotDay=${marketplaceConstants.slotListMaxDays}`))).toEqual(first);
    expect(slotViewFromSearch(new URLSearchParams(`slotRange=${lastRange}&slotDay=${marketplaceConstants.slotListMaxDays - 1}`))).toMatchObject({
      range: lastRange,
      firstDay: marketplaceConstants.slotListMaxDays - 1,
    });
  });

  it('writes only what differs from the first view, back at the picker; reading it back gives the view', () => {
    expect(slotViewHref(first)).toBe(`?#${SLOT_PICKER_ANCHOR}`);
    const view: SlotView = { mode: 'in_person', timeOfDay: '', range: 0, firstDay: 3 };
    const href = slotViewHref(view);
    expect(href).toBe(`?slotMode=in_person&slotDay=3#${SLOT_PICKER_ANCHOR}`);
    expect(slotViewFromSearch(new URLSearchParams(href.slice(1, href.indexOf('#'))))).toEqual(view);
  });

  it('earlier: the previous columns, never before the first; then the previous block; none at the very start', () => {
    expect(earlierView(first, 3)).toBeUndefined();
    expect(earlierView({ ...first, firstDay: 2 }, 3)).toEqual({ ...first, firstDay: 0 });
    expect(earlierView({ ...first, firstDay: 6 }, 3)).toEqual({ ...first, firstDay: 3 });
    expect(earlierView({ ...first, range: 1 }, 3)).toEqual({ ...first, range: 0 });
  });

  it('later: the next columns while the block has days; then the next block from its first day; none after the window', () => {
    expect(laterView(first, 3, 7)).toEqual({ ...first, firstDay: 3 });
    expect(laterView({ ...first, range: lastRange, firstDay: 3 }, 3, 6)).toBeUndefined();
    if (lastRange > 0) expect(laterView({ ...first, firstDay: 6 }, 3, 7)).toEqual({ ...first, range: 1, firstDay: 0 });
    else expect(laterView({ ...first, firstDay: 6 }, 3, 7)).toBeUndefined();
  });

  it("a view's address keeps the page's other parameters (a search's context) and replaces the view's own", () => {
    const keep = new URLSearchParams('counseling_type=Therapy&selfPay=true&slotMode=online&slotDay=3');
    const href = slotViewHref({ ...first, timeOfDay: 'morning' }, keep);
    const query = new URLSearchParams(href.slice(1, href.indexOf('#')));
    expect(query.getAll('counseling_type')).toEqual(['Therapy']);
    expect(query.get('selfPay')).toBe('true');
    expect(query.get('slotTime')).toBe('morning');
    expect(query.has('slotMode')).toBe(false);
    expect(query.has('slotDay')).toBe(false);
    expect(otherParams(keep)).toEqual([
      ['counseling_type', 'Therapy'],
      ['selfPay', 'true'],
    ]);
  });
});
