/**
 * the script each budgeted screen (scripts/app-script.ts, BUDGETED_SCREENS) loads before its first
 * interaction, brotli, from the client build, the same count `npm run build` prints (scripts/bundle-report.ts).
 * Byte counts of the same code are the same on every build, so this is a test, not a benchmark.
 * - A screen that meets its budget (specs/constants/pages.yaml) fails the test when it goes over it.
 * - A screen that does not meet it yet is listed in NOT_YET with its figure when it was listed: it must not
 *   grow past that figure, and once it is within its budget the test asks for it to leave the list, so the
 *   budget is enforced from then on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants } from '@/generated/constants';
import { routeById, type RouteId } from '@/generated/routes';
import { BUDGETED_SCREENS, brotliMeter, routeScript, type Manifest } from '../../scripts/app-script';

const CLIENT_DIR = process.env.CLIENT_DIR ?? 'dist/client';

/**
 * Screens over their budget for now, with their figure (KB brotli, rounded up to the tenth) when listed: the
 * ceiling they must not grow past. Lower a figure when a change makes the screen lighter; remove the
 * screen when it meets its budget.
 */
const NOT_YET: Partial<Record<RouteId, number>> = {
  // Measured with the browser build on preact/compat, rjsf without what no spec form uses (vite.config.ts), each
  // screen's message areas in its reader's language (src/generated/message-areas), the sign-in, booking, consent and
  // payment sagas and redux-persist out of the entry (src/client/store), preload lists without what is loaded
  // already, each enumeration written once and the endpoint table one line each, constants and enumerations by spec
  // file (src/generated/constants/<file>.ts, enums/<file>.ts: a screen loads the files it reads). The patient and
  // payment steps load their forms (and the renderer) when they draw them; the booking screen still draws the
  // service form with the spec form renderer (rjsf, about 32 KB of its figure).
  providerSearch: 108.4,
  booking: 138.0,
  userBookingPatientInfo: 108.3,
  userBookingPayment: 110.8,
  patientHome: 112.0,
};

const manifest = JSON.parse(readFileSync(join(CLIENT_DIR, '.vite', 'manifest.json'), 'utf8')) as Manifest;
const brotliBytes = brotliMeter(CLIENT_DIR);
const kb = (bytes: number) => Math.ceil(bytes / 102.4) / 10;
/**
 * How far a rebuild of the same code moves a screen's figure: chunk names carry content hashes, and a name
 * changed by an edit elsewhere changes how the importing chunk compresses (measured: up to 0.2 KB). A ceiling
 * is the figure when listed; a screen fails when it grows past it by more than this.
 */
const HASH_NOISE_KB = 0.5;

// A document page (sign-in) loads the islands script alone, not the app.
const scriptOf = (route: RouteId) => routeScript(CLIENT_DIR, manifest, routeById[route], brotliBytes);

describe('script before the first interaction', () => {
  const meeting = BUDGETED_SCREENS.filter((s) => NOT_YET[s.route] === undefined);
  const notYet = BUDGETED_SCREENS.filter((s) => NOT_YET[s.route] !== undefined);

  if (meeting.length)
    it.each(meeting.map((s) => [s.name, s] as const))('%s: within its budget', (_name, screen) => {
      const { bytes } = scriptOf(screen.route);
      expect({ screen: screen.name, kb: kb(bytes), withinBudget: bytes <= constants[screen.budget] }).toEqual({
        screen: screen.name,
        kb: kb(bytes),
        withinBudget: true,
      });
    });

  if (notYet.length)
    it.each(notYet.map((s) => [s.name, s] as const))('%s: not yet within its budget, and no heavier than listed', (_name, screen) => {
      const { bytes } = scriptOf(screen.route);
      const ceiling = NOT_YET[screen.route]!;
      // Grown: the change that added script must take it out again (or split it off the first interaction).
      expect({ screen: screen.name, kb: kb(bytes), noHeavierThan: kb(bytes) <= ceiling + HASH_NOISE_KB }).toEqual({
        screen: screen.name,
        kb: kb(bytes),
        noHeavierThan: true,
      });
      // Within its budget now: remove it from NOT_YET so the budget itself is enforced.
      expect({ screen: screen.name, kb: kb(bytes), stillOver: bytes > constants[screen.budget] }).toEqual({
        screen: screen.name,
        kb: kb(bytes),
        stillOver: true,
      });
    });

  it('measures every budgeted screen, and lists as "not yet" only budgeted screens', () => {
    const budgeted = new Set<string>(BUDGETED_SCREENS.map((s) => s.route));
    expect(Object.keys(NOT_YET).filter((route) => !budgeted.has(route))).toEqual([]);
    for (const screen of BUDGETED_SCREENS) expect(scriptOf(screen.route).files.length).toBeGreaterThan(0);
  });
});
