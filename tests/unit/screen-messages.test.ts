/**
 * A page loads only the message areas its screen shows (src/generated/message-areas: a message file's `screens`
 * names the route areas that load it). Every message key a screen's code names (its modules and what they import,
 * lazily too, followed through the project's files) must be in the areas its route area loads, and every key the
 * shell names (src/client/main.tsx and its static imports) in those every screen loads: else the page shows the key.
 */
import { messageAreasOfScreens } from '@/generated/message-areas';
import { routes } from '@/generated/routes';
import { keysNamedIn, keysOfModules, messageFileOfKey, moduleClosure } from '@tests/support/message-use';

const keyToArea = messageFileOfKey();
const shellModules = moduleClosure(['src/client/main.tsx'], { dynamic: false });
const shellKeys = keysOfModules(shellModules, keyToArea);

/** Keys whose area `loaded` lacks, as "key (area), named in file". */
function missing(keys: ReadonlyMap<string, string>, loaded: readonly string[]): string[] {
  return [...keys].filter(([key]) => !loaded.includes(keyToArea.get(key)!)).map(([key, file]) => `${key} (${keyToArea.get(key)}), named in ${file}`);
}

/** Routes whose screen the app draws in the browser (a document page loads the islands only, a fragment no script). */
const appRoutes = routes.filter((r) => r.registered && r.render !== 'document' && r.render !== 'fragment');

describe('the messages a page loads (message areas)', () => {
  it('reads message keys as a screen names them: whole, or put together under a prefix', () => {
    const keys = ['ui.a.one', 'ui.a.two', 'ui.b.one'];
    const set = new Set(keys);
    const named = (text: string) => [...keysNamedIn(text, keys, set)].sort();
    expect(named(`message('ui.a.one'); "ui.b.one"; 'ui.c'`)).toEqual(['ui.a.one', 'ui.b.one']);
    expect(named('message(`ui.a.${which}`)')).toEqual(['ui.a.one', 'ui.a.two']);
    expect(named(`message(('ui.a.' + which) as MessageKey)`)).toEqual(['ui.a.one', 'ui.a.two']);
    expect(named('`${x}.one`; `ui`; "ui.a"')).toEqual([]);
    // Read as TypeScript, not by patterns: a template with `${…}`, a quote in a comment or a regular expression
    // before a key does not hide it (the date formatter's dates.dayAtTime once went unseen behind `${zone}`).
    expect(named("const k = `${zone}`; // the reader's zone\nmessage('ui.b.one');\nconst t = `x`;")).toEqual(['ui.b.one']);
    // A key written only in a comment is not shown by anything.
    expect(named("// message('ui.a.one')\nconst x = 1;")).toEqual([]);
  });

  it('follows a screen into the modules it imports, and finds the keys they name', () => {
    const booking = appRoutes.find((r) => r.id === 'booking')!;
    const modules = moduleClosure([`src/client/features/${booking.area}/${booking.screen}.tsx`], { dynamic: true });
    expect(modules.size).toBeGreaterThan(20);
    expect(keysOfModules(modules, keyToArea).size).toBeGreaterThan(10);
    // The shell names the account menu's words: they are in what every page loads.
    expect(shellKeys.has('ui.account.signIn')).toBe(true);
  });

  it('every key the shell names is in the areas every page loads', () => {
    expect(missing(shellKeys, messageAreasOfScreens.every ?? [])).toEqual([]);
  });

  it.each(appRoutes.map((r) => [r.id, r] as const))('%s: every key its screen names is in the areas its route area loads', (_id, route) => {
    const modules = moduleClosure([`src/client/features/${route.area}/${route.screen}.tsx`, 'src/client/app/QueryFrame.tsx'], { dynamic: true });
    const keys = new Map([...shellKeys, ...keysOfModules(modules, keyToArea)]);
    expect({ route: route.id, area: route.area, missing: missing(keys, messageAreasOfScreens[route.area] ?? []) }).toEqual({
      route: route.id,
      area: route.area,
      missing: [],
    });
  });

  it('lets no page load every message: the booking steps leave out the care, support and portal areas', () => {
    expect(messageAreasOfScreens.booking).not.toEqual(expect.arrayContaining(['care']));
    expect(messageAreasOfScreens.booking).not.toEqual(expect.arrayContaining(['support-dashboard']));
    expect(messageAreasOfScreens.booking).not.toEqual(expect.arrayContaining(['patient-portal']));
  });
});
