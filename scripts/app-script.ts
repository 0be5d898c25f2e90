/**
 * The script an app screen loads before its first interaction, read from the client build's
 * Vite manifest: the entry (index.html) with its static imports, the screen's module with its static
 * imports, the query frame every screen that fetches is wrapped in (src/client/app/AppRoutes.tsx) and the message
 * areas its route area loads in the default language (src/generated/message-areas, screenModulesOf).
 * A card SDK (braintree-web, imported when the card form mounts) is counted apart. Byte counts are brotli
 * of the built files, so they are the same on every build of the same code: a budget, not a benchmark.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { RouteId } from '../src/generated/routes';
import { messageAreaModule, messageAreasOfScreens } from '../src/generated/message-areas';
import { constants } from '../src/generated/constants';
import type { RouteDefinition } from '../src/generated/types';

export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

export type Manifest = Readonly<Record<string, ManifestChunk>>;

/** Which budget a screen is held to (specs/constants/pages.yaml). */
export type BudgetName = 'appScreenScriptBytes' | 'signInScriptBytes';

export interface BudgetedScreen {
  /** what the report calls it */
  name: string;
  route: RouteId;
  budget: BudgetName;
}

/**
 * The screens with a script budget: where the app starts for a visitor, each booking step, the portal home and
 * sign-in. The confirmation is drawn by the payment step's screen once the booking is made (Confirmation.tsx,
 * a static import of PaymentPage.tsx), so it loads what the payment step loaded.
 */
export const BUDGETED_SCREENS: readonly BudgetedScreen[] = [
  { name: 'first app screen', route: 'providerSearch', budget: 'appScreenScriptBytes' },
  { name: 'booking: choose a time', route: 'booking', budget: 'appScreenScriptBytes' },
  { name: 'booking: patient information', route: 'userBookingPatientInfo', budget: 'appScreenScriptBytes' },
  { name: 'booking: payment and confirmation', route: 'userBookingPayment', budget: 'appScreenScriptBytes' },
  { name: 'portal home', route: 'patientHome', budget: 'appScreenScriptBytes' },
  { name: 'sign-in', route: 'login', budget: 'signInScriptBytes' },
];

/** The manifest key of a card SDK module: loaded by the payment step on its own, so counted apart. */
export const isCardSdk = (key: string): boolean => key.includes('node_modules/braintree-web/');

/** Manifest keys of the query frame every fetching screen is wrapped in. */
export const QUERY_FRAME_KEY = 'src/client/app/QueryFrame.tsx';

/** The keys `keys` load without waiting: themselves and their static imports, transitively. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    manifest[key]!.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

/** Measures a built file of `clientDir` as served: brotli bytes, each file compressed once. */
export function brotliMeter(clientDir: string): (file: string) => number {
  const bytesOfFile = new Map<string, number>();
  return (file) => {
    let bytes = bytesOfFile.get(file);
    if (bytes === undefined) {
      bytes = brotliCompressSync(readFileSync(join(clientDir, file))).length;
      bytesOfFile.set(file, bytes);
    }
    return bytes;
  };
}

export interface FileBytes {
  file: string;
  bytes: number;
}

export interface ScreenScript {
  /** the script loaded before the first interaction, largest first */
  files: FileBytes[];
  bytes: number;
  /** the card SDK's files (only the payment step has any), not in `bytes` */
  cardSdk: FileBytes[];
  cardSdkBytes: number;
}

const sum = (files: readonly FileBytes[]) => files.reduce((total, f) => total + f.bytes, 0);

/** What a screen whose modules are `screenKeys` loads before its first interaction; `bytesOf` measures a built file. */
export function screenScript(manifest: Manifest, screenKeys: string | readonly string[], bytesOf: (file: string) => number): ScreenScript {
  const entries = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
  const loaded = staticClosure(manifest, [...entries, ...(typeof screenKeys === 'string' ? [screenKeys] : screenKeys), QUERY_FRAME_KEY]);
  const sdkKeys = [...loaded].flatMap((k) => manifest[k]!.dynamicImports ?? []).filter(isCardSdk);
  const sdk = [...staticClosure(manifest, sdkKeys)].filter((k) => !loaded.has(k));
  const measure = (keys: Iterable<string>) =>
    [...new Set([...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js')))]
      .map((file) => ({ file, bytes: bytesOf(file) }))
      .sort((a, b) => b.bytes - a.bytes);
  const files = measure(loaded);
  const cardSdk = measure(sdk);
  return { files, bytes: sum(files), cardSdk, cardSdkBytes: sum(cardSdk) };
}

/** The manifest key of a route's screen module (src/client/features/<area>/<screen>.tsx). */
export function screenKeyOf(route: { id: string; area: string; screen?: string }): string {
  if (!route.screen) throw new Error(`Route ${route.id} has no screen to measure.`);
  return `src/client/features/${route.area}/${route.screen}.tsx`;
}

/** The modules a route's screen waits for: its own and its messages in the default language (a page in another language loads that language's instead). */
export function screenModulesOf(route: { id: string; area: string; screen?: string }): string[] {
  return [screenKeyOf(route), ...(messageAreasOfScreens[route.area] ?? []).map((area) => messageAreaModule(area, constants.defaultLocale))];
}

/**
 * What a budgeted route loads before its first interaction: a route drawn as a document (render: document, e.g.
 * sign-in) loads the islands script alone (its own build, vite.islands.config.ts: dist/client/.vite/islands-manifest.json),
 * never the app; any other route its screen in the app (screenModulesOf).
 */
export function routeScript(
  clientDir: string,
  manifest: Manifest,
  route: Pick<RouteDefinition, 'id' | 'area' | 'screen' | 'render'>,
  bytesOf: (file: string) => number,
): ScreenScript {
  if (route.render !== 'document') return screenScript(manifest, screenModulesOf(route), bytesOf);
  const path = join(clientDir, '.vite', 'islands-manifest.json');
  if (!existsSync(path)) throw new Error(`${route.id} is a document page, and the islands build is missing (${path}): run \`npm run build\`.`);
  return screenScript(JSON.parse(readFileSync(path, 'utf8')) as Manifest, [], bytesOf);
}
