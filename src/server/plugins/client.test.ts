import { documentTemplate, screenAssets } from './client';
import { ISLANDS_ENTRY } from '@/client/islands/names';

const template =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-a1.js"></script><link rel="modulepreload" crossorigin href="/assets/react-b2.js"><link rel="stylesheet" crossorigin href="/assets/index-c3.css"><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>';

describe('document pages', () => {
  it('drop the app’s scripts, keep its styles, and load the islands at the end of the body', () => {
    const html = documentTemplate(template, { [ISLANDS_ENTRY]: { file: 'assets/islands-d4.js', isEntry: true } });
    expect(html).not.toContain('index-a1.js');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-c3.css">');
    expect(html).toMatch(/<!--app-state--><script type="module" src="\/assets\/islands-d4\.js"><\/script><\/body>/);
  });

  it('without an islands build are plain documents (no script at all)', () => {
    expect(documentTemplate(template, {})).not.toContain('<script');
  });

  it('take their screen’s stylesheets but not its code', () => {
    const manifest = {
      'src/client/features/landing/HomePage.tsx': { file: 'assets/HomePage-e5.js', css: ['assets/home-f6.css'], imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared-g7.js' },
    };
    expect(screenAssets(manifest, 'src/client/features/landing/HomePage.tsx', { scripts: false })).toBe('<link rel="stylesheet" href="/assets/home-f6.css">');
    expect(screenAssets(manifest, 'src/client/features/landing/HomePage.tsx')).toContain('<link rel="modulepreload" href="/assets/HomePage-e5.js">');
  });
});
