import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, resolveChromium } from '../support/chromium';

describe('finding Chromium for the browser tests', () => {
  let dir: string;
  let fakeBrowser: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'chromium-resolve-'));
    fakeBrowser = join(dir, 'chrome');
    writeFileSync(fakeBrowser, '');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a CHROME_PATH that points nowhere, naming the variable, instead of quietly using another browser', async () => {
    const missing = join(dir, 'no-such-chrome');
    await expect(resolveChromium({ env: { CHROME_PATH: missing }, systemPaths: [fakeBrowser] })).rejects.toThrow(
      `CHROME_PATH is set to "${missing}", which does not exist`,
    );
  });

  it('uses CHROME_PATH first, then the system Chromium', async () => {
    await expect(resolveChromium({ env: { CHROME_PATH: fakeBrowser }, systemPaths: ['/nowhere/chromium'] })).resolves.toEqual({
      source: 'CHROME_PATH',
      launchOptions: { executablePath: fakeBrowser, args: chromiumArgs },
    });
    await expect(resolveChromium({ env: {}, systemPaths: ['/nowhere/chromium', fakeBrowser] })).resolves.toEqual({
      source: 'system',
      launchOptions: { executablePath: fakeBrowser, args: chromiumArgs },
    });
  });

  it('refuses a CHROMIUM_SOURCE it does not know', async () => {
    await expect(resolveChromium({ env: { CHROMIUM_SOURCE: 'debian' } })).rejects.toThrow('CHROMIUM_SOURCE is "debian"');
  });
});
