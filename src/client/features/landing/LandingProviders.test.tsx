import { screen, within } from '@testing-library/react';
import { routeById } from '@/generated/routes';
import segmentsSpec from '@/generated/content/landing-segments';
import { message } from '@/domain/messages';
import { renderScreen } from '@tests/support/screen-kit';
import { LandingProviders } from './LandingProviders';

type Kind = 'therapist' | 'psychiatrist';

/** A listed provider of San Antonio; `kind` is how the server lists them (a prescriber is a psychiatrist). */
function provider(n: number, lastName: string, title: string, kind: Kind) {
  const slug = `${lastName.toLowerCase()}-${n}`;
  return {
    id: `3333333${n}-3333-4333-8333-333333333333`,
    firstName: 'Alex',
    lastName,
    title,
    timeZone: 'America/Chicago',
    licensedStates: ['TX'],
    providerSlugs: [{ type: kind, state: 'tx', slug, path: `/${kind}/tx/${slug}` }],
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
    filters: [],
  };
}

const items = [provider(1, 'Ortiz', 'MD', 'psychiatrist'), provider(2, 'Reyes', 'NP', 'therapist'), provider(3, 'Soto', 'Psychiatry PMHNP', 'psychiatrist')];
const page = { pageType: 'city', section: 'therapists', state: 'tx', city: 'san-antonio' } as const;

describe('LandingProviders', () => {
  it("lists a therapists' city page's prescribers under their own heading, not under 'Therapists'", async () => {
    renderScreen(<LandingProviders page={page} pageNumber={1} pathname="/therapists/tx/san-antonio" />, {
      path: routeById.home.path,
      answers: { searchProviders: () => ({ items, total: 3, page: 1, pageSize: 10 }), getFirstAvailableSlot: () => ({ items: [] }) },
    });
    const where = message('ui.landing.providers.nearCity', { city: 'San Antonio', state: 'TX' });
    const headingOf = (kind: string) => {
      const text = message('ui.landing.providers.heading', { providerKind: kind, where });
      return text.charAt(0).toUpperCase() + text.slice(1);
    };
    const therapistsHeading = await screen.findByRole('heading', { level: 2, name: headingOf(segmentsSpec.segments.therapists.providerKind) });
    const prescribersHeading = screen.getByRole('heading', { level: 2, name: headingOf(segmentsSpec.segments.psychiatrists.providerKind) });
    const namesIn = (list: HTMLElement) =>
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent);
    const [therapists, prescribers] = screen.getAllByRole('list') as [HTMLElement, HTMLElement];
    expect(namesIn(therapists)).toEqual(['Alex Reyes, NP']);
    expect(namesIn(prescribers)).toEqual(['Alex Ortiz, MD', 'Alex Soto, Psychiatry PMHNP']);
    // The prescribers' list follows its own heading and note; the therapists' heading comes first.
    expect(therapistsHeading.compareDocumentPosition(therapists) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(prescribersHeading.closest('section')!.contains(prescribers)).toBe(true);
    expect(within(prescribersHeading.closest('section')!).getByText(message('ui.landing.providers.prescribersNote'))).toBeTruthy();
  });
});
