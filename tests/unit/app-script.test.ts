/** The script an app screen loads before its first interaction (scripts/app-script.ts), on a manifest made for the test. */
import { screenKeyOf, screenScript, staticClosure, type Manifest } from '../../scripts/app-script';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'], css: ['assets/index.css'] },
  '_shared.js': { file: 'assets/shared.js' },
  '_forms.js': { file: 'assets/forms.js', imports: ['_shared.js'] },
  'src/client/app/QueryFrame.tsx': { file: 'assets/QueryFrame.js', imports: ['index.html'] },
  'src/client/features/booking/PaymentPage.tsx': {
    file: 'assets/PaymentPage.js',
    imports: ['index.html', '_forms.js'],
    dynamicImports: ['node_modules/braintree-web/dist/browser/hosted-fields.js', 'src/client/features/booking/Later.tsx'],
  },
  'src/client/features/booking/Later.tsx': { file: 'assets/Later.js' },
  'node_modules/braintree-web/dist/browser/hosted-fields.js': { file: 'assets/hosted-fields.js', imports: ['_sdk-core.js', '_shared.js'] },
  '_sdk-core.js': { file: 'assets/sdk-core.js' },
  'src/client/features/auth/LoginPage.tsx': { file: 'assets/LoginPage.js', imports: ['index.html'] },
};
/** A file's size: its name's length times ten, so every file differs. */
const bytesOf = (file: string) => file.length * 10;

describe('app screen script', () => {
  it('follows static imports only, each key once', () => {
    expect([...staticClosure(manifest, ['src/client/features/booking/PaymentPage.tsx'])].sort()).toEqual([
      '_forms.js',
      '_shared.js',
      'index.html',
      'src/client/features/booking/PaymentPage.tsx',
    ]);
  });

  it('counts the entry, the screen, the query frame and their static imports; a lazy chunk and a stylesheet not at all', () => {
    const script = screenScript(manifest, screenKeyOf({ id: 'userBookingPayment', area: 'booking', screen: 'PaymentPage' }), bytesOf);
    expect(script.files.map((f) => f.file).sort()).toEqual([
      'assets/PaymentPage.js',
      'assets/QueryFrame.js',
      'assets/forms.js',
      'assets/index.js',
      'assets/shared.js',
    ]);
    expect(script.bytes).toBe(script.files.reduce((total, f) => total + bytesOf(f.file), 0));
  });

  it('counts the card SDK apart, without the chunks the screen already loaded', () => {
    const script = screenScript(manifest, 'src/client/features/booking/PaymentPage.tsx', bytesOf);
    expect(script.cardSdk.map((f) => f.file).sort()).toEqual(['assets/hosted-fields.js', 'assets/sdk-core.js']);
    expect(script.cardSdkBytes).toBe(bytesOf('assets/hosted-fields.js') + bytesOf('assets/sdk-core.js'));
    expect(script.files.map((f) => f.file)).not.toContain('assets/hosted-fields.js');
  });

  it('a screen without forms loads less, and no card SDK', () => {
    const login = screenScript(manifest, 'src/client/features/auth/LoginPage.tsx', bytesOf);
    const payment = screenScript(manifest, 'src/client/features/booking/PaymentPage.tsx', bytesOf);
    expect(login.files.map((f) => f.file)).not.toContain('assets/forms.js');
    expect(login.bytes).toBeLessThan(payment.bytes);
    expect(login.cardSdk).toEqual([]);
  });
});
