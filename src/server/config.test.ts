import { readFileSync } from 'node:fs';
import { ConfigError, loadConfig, variables } from './config';

describe('configuration', () => {
  it('works with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, nodeEnv: 'development', databaseUrl: undefined, publicUrl: 'http://localhost:3000' });
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }).databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/test');
  });

  it('stops with every problem, each saying what to do', () => {
    let error: ConfigError | undefined;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (err) {
      error = err as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.problems).toHaveLength(3);
    expect(error?.message).toMatch(/PORT="eighty" is not a whole number between 0 and 65535/);
    expect(error?.message).toMatch(/DATABASE_URL must start with postgres:\/\//);
    expect(error?.message).toMatch(/LOG_LEVEL="loud" must be one of/);
  });

  it("takes the browser tests' sign-in send limit only in tests", () => {
    expect(() => loadConfig({ TEST_SIGN_IN_SENDS_PER_ACCOUNT_PER_HOUR: '1000' })).toThrow(/for tests only/);
    expect(loadConfig({ NODE_ENV: 'test', TEST_SIGN_IN_SENDS_PER_ACCOUNT_PER_HOUR: '1000' }).testSignInSendsPerAccountPerHour).toBe(1000);
    expect(loadConfig({ NODE_ENV: 'test' }).testSignInSendsPerAccountPerHour).toBeUndefined();
  });

  it('logs quietly under test unless told otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('warn');
    expect(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(loadConfig({}).logLevel).toBe('info');
  });

  it('never prints a database password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://user:secret@db/x' })).toThrow(/\*\*\*/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://user:secret@db/x' })).not.toThrow(/secret/);
  });

  describe('in production', () => {
    const basics = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://mail.example.com:587' };
    const braintree = { BRAINTREE_MERCHANT_ID: 'm', BRAINTREE_PUBLIC_KEY: 'p', BRAINTREE_PRIVATE_KEY: 'k' };
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (err) {
        return (err as ConfigError).problems;
      }
    };

    it('refuses the local test card gateway and the in-memory texts, one line naming each variable', () => {
      expect(problemsOf(basics)).toEqual([
        expect.stringMatching(/^BRAINTREE_MERCHANT_ID \(with BRAINTREE_PUBLIC_KEY and BRAINTREE_PRIVATE_KEY\) is required in production: .*DEMO_MODE=true/),
        expect.stringMatching(/^SMS_PROVIDER_URL is required in production, .*SMS_ENABLED=false/),
      ]);
      expect(problemsOf({ ...basics, ...braintree, SMS_PROVIDER_URL: 'https://sms.example.com/messages' })).toEqual([]);
    });

    it('sends no texts when told so, and seeds no demo data', () => {
      const config = loadConfig({ ...basics, ...braintree, SMS_ENABLED: 'false' });
      expect(config.sms).toEqual({ adapter: 'off' });
      expect(config).toMatchObject({ demoMode: false, seedDemoData: false });
    });

    it('with DEMO_MODE=true keeps the test gateway, the local texts and the demo data', () => {
      const config = loadConfig({ ...basics, DEMO_MODE: 'true' });
      expect(config).toMatchObject({ demoMode: true, seedDemoData: true, sms: { adapter: 'local' }, braintreeMerchantId: undefined });
    });

    it('changes nothing outside production: npm start and the tests run as before', () => {
      expect(loadConfig({})).toMatchObject({ demoMode: false, seedDemoData: true, sms: { adapter: 'local' } });
      expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ demoMode: false, seedDemoData: true });
    });
  });

  it("takes TRUST_PROXY as a hop count or the proxies' addresses, and refuses to trust every hop", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback,fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', 'loopback', 'fd00::/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY=true would believe whatever X-Forwarded-For a caller writes .*TRUST_PROXY=1 behind one load balancer/,
    );
    // every address by another name
    expect(() => loadConfig({ TRUST_PROXY: '0.0.0.0/0' })).toThrow(/TRUST_PROXY: "0.0.0.0\/0" is not an IP address, a CIDR range/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,proxy.example.com' })).toThrow(/"proxy.example.com" is not an IP address/);
    expect(() => loadConfig({ TRUST_PROXY: '50' })).toThrow(/more hops than a chain of proxies has/);
  });

  it('is documented: the configuration table of docs/operations.md lists every variable', () => {
    const operations = readFileSync('docs/operations.md', 'utf8');
    for (const v of variables) expect(operations).toContain(`\`${v.name}\``);
  });
});
