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

  it('is documented: README lists every variable', () => {
    const readme = readFileSync('README.md', 'utf8');
    for (const v of variables) expect(readme).toContain(`\`${v.name}\``);
  });
});
