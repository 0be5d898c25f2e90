/**
 * Which Chromium the browser tests and scripts launch, and how: headless, no network chatter.
 *
 * 1. `CHROME_PATH`, when set: it must name an existing file, or this fails with a message naming the
 *    variable (a wrong path is never ignored in favour of another browser).
 * 2. The system's Chromium (Debian's `chromium` package, or `chromium-browser`).
 * 3. The Chromium shipped inside the `@sparticuz/chromium` dev dependency: brotli-packed, unpacked once
 *    into node_modules/.cache, so `npm test` needs nothing but Node and `npm ci`.
 *
 * `CHROMIUM_SOURCE=package` skips 1 and 2 (checks the packaged browser on a machine that has Debian's).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export const systemChromiumPaths = ['/usr/bin/chromium', '/usr/bin/chromium-browser'] as const;

export type ChromiumSource = 'CHROME_PATH' | 'system' | '@sparticuz/chromium';

/** Where the browser came from, and the options `chromium.launch` of playwright-core needs for it. */
export interface ChromiumLaunch {
  source: ChromiumSource;
  launchOptions: {
    executablePath: string;
    args: string[];
    /** the browser's environment; set for the packaged browser, which brings its own fonts */
    env?: Record<string, string>;
  };
}

export interface ResolveOptions {
  /** defaults to process.env */
  env?: NodeJS.ProcessEnv;
  /** where a system Chromium may be; defaults to systemChromiumPaths */
  systemPaths?: readonly string[];
}

/**
 * Flags of @sparticuz/chromium that are for AWS Lambda or that would make the tests' browser less
 * like a person's: Playwright decides headless mode; one process for everything and disabled web
 * security, site isolation or extra features would hide bugs a real browser shows.
 */
const packageFlagsLeftOut = [
  /^--headless/,
  /^--single-process$/,
  /^--disable-web-security$/,
  /^--allow-running-insecure-content$/,
  /^--disable-site-isolation-trials$/,
  /^--disable-features=/,
  /^--enable-features=/,
];

export async function resolveChromium(options: ResolveOptions = {}): Promise<ChromiumLaunch> {
  const env = options.env ?? process.env;
  const source = env.CHROMIUM_SOURCE;
  if (source !== undefined && source !== '' && source !== 'package') {
    throw new Error(
      `CHROMIUM_SOURCE is "${source}": the only value it takes is "package" (use the Chromium of the @sparticuz/chromium dev dependency). Unset it to find Chromium as usual.`,
    );
  }
  if (source !== 'package') {
    const chromePath = env.CHROME_PATH;
    if (chromePath !== undefined && chromePath !== '') {
      if (!existsSync(chromePath)) {
        throw new Error(
          `CHROME_PATH is set to "${chromePath}", which does not exist. Point CHROME_PATH at a Chromium or Chrome binary, or unset it to use the system's Chromium or the one in the @sparticuz/chromium dev dependency.`,
        );
      }
      return { source: 'CHROME_PATH', launchOptions: { executablePath: chromePath, args: chromiumArgs } };
    }
    const system = (options.systemPaths ?? systemChromiumPaths).find((p) => existsSync(p));
    if (system) return { source: 'system', launchOptions: { executablePath: system, args: chromiumArgs } };
  }
  return packagedChromium();
}

/** The package's directory, resolved from the project (this file runs both as CommonJS under jest and as ESM under tsx). */
function packageDir(): string {
  const requireFromProject = createRequire(join(process.cwd(), 'package.json'));
  let entry: string;
  try {
    entry = requireFromProject.resolve('@sparticuz/chromium');
  } catch {
    throw new Error(
      'Chromium is needed for the browser tests and none was found: CHROME_PATH is not set, there is no /usr/bin/chromium, and the @sparticuz/chromium dev dependency is not installed. Run `npm ci` (it installs that package), or `sudo apt-get install -y chromium`, or set CHROME_PATH.',
    );
  }
  // entry: node_modules/@sparticuz/chromium/build/cjs/index.cjs
  return join(dirname(entry), '..', '..');
}

async function packagedChromium(): Promise<ChromiumLaunch> {
  const dir = packageDir();
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
  const target = join(dir, '..', '..', '.cache', `sparticuz-chromium-${version}`);
  if (!existsSync(join(target, 'chromium'))) await unpack(dir, target);
  const fontsConf = join(target, 'fonts.conf');
  if (!existsSync(fontsConf)) {
    // The package's fonts.conf names /tmp/fonts; this one keeps the system's fonts and adds the packaged ones.
    writeFileSync(
      fontsConf,
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n  <dir>${join(target, 'fonts', 'fonts')}</dir>\n  <cachedir>${join(target, 'fonts-cache')}</cachedir>\n</fontconfig>\n`,
    );
  }
  const { default: packaged } = await import('@sparticuz/chromium');
  const extra = packaged.args.filter((flag) => !packageFlagsLeftOut.some((left) => left.test(flag)) && !chromiumArgs.includes(flag));
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  env.FONTCONFIG_FILE = fontsConf;
  return { source: '@sparticuz/chromium', launchOptions: { executablePath: join(target, 'chromium'), args: [...chromiumArgs, ...extra], env } };
}

/**
 * Unpacks into a fresh folder beside the target, then renames it into place: a process stopped halfway
 * or two test runs unpacking at once never leave a half-written browser where the next run looks.
 * The package unpacks into the temporary folder (os.tmpdir()), so a child process does it with TMPDIR
 * pointing at the fresh folder.
 */
async function unpack(dir: string, target: string): Promise<void> {
  mkdirSync(dirname(target), { recursive: true });
  const staging = mkdtempSync(`${target}.unpacking-`);
  const entry = join(dir, 'build', 'cjs', 'index.cjs');
  const script = `const c = require(${JSON.stringify(entry)}); (c.default ?? c).executablePath().then((p) => process.stdout.write(p), (e) => { console.error(e); process.exit(1); });`;
  try {
    await new Promise<void>((resolve, reject) => {
      execFile(process.execPath, ['-e', script], { env: { ...process.env, TMPDIR: staging } }, (err, _stdout, stderr) => {
        if (err) reject(new Error(`Unpacking the Chromium of @sparticuz/chromium into ${staging} failed: ${stderr || err.message}`));
        else resolve();
      });
    });
    try {
      renameSync(staging, target);
    } catch (err) {
      // Another run finished first: its copy is complete, use it.
      if (!existsSync(join(target, 'chromium'))) throw err;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
