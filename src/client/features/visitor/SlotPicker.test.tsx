import { screen } from '@testing-library/react';
import searchCopy from '@/generated/content/provider-search';
import { routeById } from '@/generated/routes';
import { fillContent } from '@/domain/content-text';
import { formatTime, zoneLabel } from '@/domain/date-format';
import { READER_ZONE_PARAM } from '@/client/islands/names';
import { DocumentModeContext } from '@/client/runtime/ssr/document-mode';
import { renderScreen } from '@tests/support/screen-kit';
import { SlotPicker } from './SlotPicker';
import { stubMatchMedia } from '@tests/support/match-media';

/** A San Antonio provider (Central time) with one open time, 10:00 AM there. */
const provider = {
  id: '33333333-3333-4333-8333-333333333333',
  firstName: 'Elena',
  lastName: 'Garza',
  title: 'PMHNP',
  timeZone: 'America/Chicago',
  licensedStates: ['TX'],
  providerSlugs: [],
  practice: {
    id: '44444444-4444-4444-8444-444444444444',
    name: 'Alamo Care',
    addressLine1: '1 Main St',
    city: 'San Antonio',
    state: 'TX',
    zipcode: '78205',
    country: 'US',
  },
  about: { text: 'Hello.', locale: 'en', payrates: { individual: 150 } },
  filters: [{ id: 2, type: 'counseling_type', value: 'Individual Counseling', description: null }],
};
const slot = {
  id: '66666666-6666-4666-8666-666666666666',
  start: '2030-01-08T16:00:00Z',
  end: '2030-01-08T17:00:00Z',
  practiceId: provider.practice.id,
  providerId: provider.id,
  availabilityType: 'online',
  timeOfDay: 'morning',
  isMedication: false,
};
const at = new Date(slot.start);

/** The picker as a server-rendered page draws it, at an address with `search`. */
function renderDocumentPicker(search: string) {
  return renderScreen(
    <DocumentModeContext.Provider value={{ search: new URLSearchParams(search), now: new Date('2030-01-07T12:00:00Z') }}>
      <SlotPicker provider={provider as never} onChoose={() => undefined} />
    </DocumentModeContext.Provider>,
    {
      path: routeById.home.path,
      answers: {
        getProviderAvailability: () => ({
          providerId: provider.id,
          timeZone: provider.timeZone,
          startDate: '2030-01-07',
          endDate: '2030-01-13',
          slots: [slot],
        }),
      },
    },
  );
}

// The slot table asks how wide the window is.
beforeAll(() => stubMatchMedia());

describe('SlotPicker', () => {
  it("shows times in the visitor's zone the address names, and says so with the provider's zone beside it", async () => {
    renderDocumentPicker(`${READER_ZONE_PARAM}=America/Denver`);
    // 10:00 AM in San Antonio is 9:00 AM in Denver: the time and its name are the visitor's.
    const time = await screen.findByRole('button', { name: new RegExp(`^${formatTime(slot.start, 'America/Denver')} ${zoneLabel('America/Denver', at)} `) });
    expect(time.textContent).toContain('9:00 AM');
    expect(
      screen.getByText(
        fillContent(searchCopy.availability.timeZoneYours, {
          zone: zoneLabel('America/Denver'),
          name: 'Elena Garza',
          providerZone: zoneLabel('America/Chicago'),
        }),
      ),
    ).toBeTruthy();
  });

  it("without the visitor's zone (a page opened without the script), shows and names the provider's", async () => {
    renderDocumentPicker('');
    const time = await screen.findByRole('button', { name: new RegExp(`^10:00 AM ${zoneLabel('America/Chicago', at)} `) });
    expect(time).toBeTruthy();
    expect(screen.getByText(fillContent(searchCopy.availability.timeZone, { zone: zoneLabel('America/Chicago') }))).toBeTruthy();
  });

  it('ignores a zone the platform does not know', async () => {
    renderDocumentPicker(`${READER_ZONE_PARAM}=Mars/Olympus`);
    await screen.findByRole('button', { name: new RegExp(`^10:00 AM ${zoneLabel('America/Chicago', at)} `) });
  });
});
