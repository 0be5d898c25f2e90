import { derivePermissions, groupsOf } from '@/domain/permissions';
import { routes } from '@/generated/routes';
import { placesFor } from './places';

const bookingStepPaths = routes.filter((r) => r.area === 'booking').map((r) => r.path);

describe('the places a signed-in person is offered (account menu, login dashboard)', () => {
  it.each([['support'], ['third_party_support'], ['patient']])('offers a %s no booking step outside a booking', (group) => {
    const places = placesFor(derivePermissions(groupsOf([group])));
    expect(places.map((p) => p.path).filter((path) => bookingStepPaths.includes(path))).toEqual([]);
  });

  it("still offers a support agent the support area's top", () => {
    const places = placesFor(derivePermissions(groupsOf(['support'])));
    expect(places.map((p) => p.path)).toContain(routes.find((r) => r.id === 'supportDashboard')?.path);
  });
});
