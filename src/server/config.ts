/**
 * The server's configuration, read from the environment once and validated. Each variable is
 * declared here with its meaning and default; the configuration table of docs/operations.md is checked against this list.
 * A bad value stops start-up with a sentence that says which variable and what to do.
 */
import { resolve } from 'node:path';
import { constants } from '../generated/constants';
import { flagSpecs } from '../generated/flags';
import type { Config } from './config/variables';
import { trustedProxies } from './config/proxies';

export { variables, type Config, type VariableSpec } from './config/variables';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `The server cannot start: its configuration has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name}="${raw}" is not a whole number between ${min} and ${max}; unset it to use ${fallback}.`);
      return fallback;
    }
    return n;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    if (!(allowed as readonly string[]).includes(raw)) {
      problems.push(`${name}="${raw}" must be one of: ${allowed.join(', ')}.`);
      return fallback;
    }
    return raw as T;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    if (!['true', 'false', '1', '0'].includes(raw)) {
      problems.push(`${name}="${raw}" must be true or false.`);
      return fallback;
    }
    return raw === 'true' || raw === '1';
  };

  const nodeEnv = oneOf('NODE_ENV', ['development', 'production', 'test'] as const, 'development');
  const demoMode = bool('DEMO_MODE', false);
  /** production that takes real money and gives real care: every test double is refused */
  const realProduction = nodeEnv === 'production' && !demoMode;
  const port = integer('PORT', 3000, 0, 65535);
  const databaseUrl = read('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push(
      `DATABASE_URL must start with postgres:// or postgresql:// (got "${databaseUrl.replace(/:[^:@/]*@/, ':***@')}"); unset it to use the embedded database.`,
    );
  }
  const unleashUrl = read('UNLEASH_URL');
  const unleashApiKey = read('UNLEASH_API_KEY');
  if (unleashUrl) {
    try {
      if (!/^https?:$/.test(new URL(unleashUrl).protocol)) throw new Error('not http');
    } catch {
      problems.push(
        `UNLEASH_URL="${unleashUrl}" is not an http(s) address such as https://unleash.example.com/api/frontend; unset it to serve specs/flags.yaml.`,
      );
    }
    if (!unleashApiKey) problems.push('UNLEASH_URL is set but UNLEASH_API_KEY is not: give the frontend API token of that Unleash.');
  }
  const publicUrl = read('PUBLIC_URL') ?? `http://localhost:${port}`;
  try {
    new URL(publicUrl);
  } catch {
    problems.push(`PUBLIC_URL="${publicUrl}" is not an absolute URL such as https://care.example.com.`);
  }

  const jwtSecret = read('JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32)
    problems.push('JWT_SECRET must be at least 32 characters long (e.g. the output of `openssl rand -base64 48`).');
  if (nodeEnv === 'production' && jwtSecret === undefined)
    problems.push('JWT_SECRET is required in production: set it to a random value of at least 32 characters (e.g. `openssl rand -base64 48`).');
  const smtpUrl = read('SMTP_URL');
  if (smtpUrl !== undefined && !/^smtps?:\/\//.test(smtpUrl)) problems.push('SMTP_URL must start with smtp:// or smtps://.');
  if (nodeEnv === 'production' && smtpUrl === undefined) problems.push('SMTP_URL is required in production, so that sign-in codes and links reach people.');
  const testSignInLifetimeSeconds = read('TEST_SIGN_IN_LIFETIME_SECONDS') === undefined ? undefined : integer('TEST_SIGN_IN_LIFETIME_SECONDS', 0, 0, 86_400);
  if (testSignInLifetimeSeconds !== undefined && nodeEnv !== 'test')
    problems.push('TEST_SIGN_IN_LIFETIME_SECONDS is for tests only: unset it, or run with NODE_ENV=test.');
  const testSignInSendsPerAccountPerHour =
    read('TEST_SIGN_IN_SENDS_PER_ACCOUNT_PER_HOUR') === undefined ? undefined : integer('TEST_SIGN_IN_SENDS_PER_ACCOUNT_PER_HOUR', 0, 1, 100_000);
  if (testSignInSendsPerAccountPerHour !== undefined && nodeEnv !== 'test')
    problems.push('TEST_SIGN_IN_SENDS_PER_ACCOUNT_PER_HOUR is for tests only: unset it, or run with NODE_ENV=test.');
  const testRateLimitFactor = read('TEST_RATE_LIMIT_FACTOR') === undefined ? undefined : integer('TEST_RATE_LIMIT_FACTOR', 0, 1, 100_000);
  if (testRateLimitFactor !== undefined && nodeEnv !== 'test') problems.push('TEST_RATE_LIMIT_FACTOR is for tests only: unset it, or run with NODE_ENV=test.');
  const testJobRetryDelaySeconds = read('TEST_JOB_RETRY_DELAY_SECONDS') === undefined ? undefined : integer('TEST_JOB_RETRY_DELAY_SECONDS', 0, 1, 3600);
  if (testJobRetryDelaySeconds !== undefined && nodeEnv !== 'test')
    problems.push('TEST_JOB_RETRY_DELAY_SECONDS is for tests only: unset it, or run with NODE_ENV=test.');
  const testClockControl = bool('TEST_CLOCK_CONTROL', false);
  if (testClockControl && nodeEnv !== 'test') problems.push('TEST_CLOCK_CONTROL is for tests only: unset it, or run with NODE_ENV=test.');
  const googleJwksUrl = read('GOOGLE_JWKS_URL') ?? 'https://www.googleapis.com/oauth2/v3/certs';
  if (!/^(https?|file):\/\//.test(googleJwksUrl)) problems.push('GOOGLE_JWKS_URL must be an https:// (or file://) address of a JSON Web Key Set.');

  const braintreeMerchantId = read('BRAINTREE_MERCHANT_ID');
  const braintreePublicKey = read('BRAINTREE_PUBLIC_KEY');
  const braintreePrivateKey = read('BRAINTREE_PRIVATE_KEY');
  const braintreeSet = [braintreeMerchantId, braintreePublicKey, braintreePrivateKey].filter((v) => v !== undefined).length;
  if (braintreeSet > 0 && braintreeSet < 3)
    problems.push(
      'Braintree needs BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY and BRAINTREE_PRIVATE_KEY together; set all three, or none to use the local test card gateway.',
    );
  if (realProduction && braintreeSet === 0)
    problems.push(
      'BRAINTREE_MERCHANT_ID (with BRAINTREE_PUBLIC_KEY and BRAINTREE_PRIVATE_KEY) is required in production: the local test card gateway takes test cards and moves no money; set DEMO_MODE=true for a demo.',
    );
  const braintreeEnvironment = oneOf('BRAINTREE_ENVIRONMENT', ['sandbox', 'production'] as const, 'sandbox');
  const schedulingPaymentUrl = read('SCHEDULING_PAYMENT_URL');
  const schedulingPaymentApiKey = read('SCHEDULING_PAYMENT_API_KEY');
  if (schedulingPaymentUrl && !/^https?:\/\//.test(schedulingPaymentUrl))
    problems.push(`SCHEDULING_PAYMENT_URL="${schedulingPaymentUrl}" is not an http(s) address; unset it to use the offline payment service.`);
  if (schedulingPaymentUrl && !schedulingPaymentApiKey)
    problems.push('SCHEDULING_PAYMENT_URL is set but SCHEDULING_PAYMENT_API_KEY is not: give the API key of that payment service.');
  // Whether the spec's flag shows the option to anyone (its default, or a rollout share); turned on later in Unleash, the
  // booking refuses it instead (SCHEDULING_PAYMENT_UNAVAILABLE: src/server/plugins/payments.ts).
  const scheduling = flagSpecs.flags.schedulingSystemPayment;
  const schedulingShown =
    scheduling.enabled &&
    [scheduling.defaultVariant, ...(scheduling.rollout ?? []).filter((r) => r.percent > 0).map((r) => r.variant)].some((v) =>
      (scheduling.enabledWhen ?? ['on']).includes(v),
    );
  if (realProduction && !schedulingPaymentUrl && schedulingShown)
    problems.push(
      'SCHEDULING_PAYMENT_URL is required in production while specs/flags.yaml turns schedulingSystemPayment on: the offline service takes every payment and moves no money.',
    );
  const localGatewaySettleSeconds = integer('LOCAL_GATEWAY_SETTLE_SECONDS', constants.localGatewaySettleSeconds, 0, 30 * 86_400);

  const list = (name: string) =>
    (read(name) ?? '')
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean);
  const stunUrls = list('STUN_URLS');
  const turnUrls = list('TURN_URLS');
  const turnUsername = read('TURN_USERNAME');
  const turnCredential = read('TURN_CREDENTIAL');
  for (const u of stunUrls) if (!/^stuns?:/.test(u)) problems.push(`STUN_URLS: "${u}" must start with stun: or stuns:.`);
  for (const u of turnUrls) if (!/^turns?:/.test(u)) problems.push(`TURN_URLS: "${u}" must start with turn: or turns:.`);
  if (turnUrls.length && (!turnUsername || !turnCredential)) problems.push('TURN_URLS needs TURN_USERNAME and TURN_CREDENTIAL (the coturn user).');
  const iceServers: Config['iceServers'] = [
    ...(stunUrls.length ? [{ urls: stunUrls }] : []),
    ...(turnUrls.length && turnUsername && turnCredential ? [{ urls: turnUrls, username: turnUsername, credential: turnCredential }] : []),
  ];
  const videoExternalUrl = read('VIDEO_EXTERNAL_URL');
  if (videoExternalUrl !== undefined && (!/^https:\/\//.test(videoExternalUrl) || !videoExternalUrl.includes('{appointmentId}'))) {
    problems.push('VIDEO_EXTERNAL_URL must be an https:// address containing {appointmentId}; unset it to use the built-in video room.');
  }

  const fhirBaseUrl = read('FHIR_BASE_URL');
  if (fhirBaseUrl !== undefined) {
    try {
      if (!/^https?:$/.test(new URL(fhirBaseUrl).protocol)) throw new Error('not http');
    } catch {
      problems.push(`FHIR_BASE_URL="${fhirBaseUrl}" is not an http(s) address such as https://ehr.example.com/fhir; unset it to record deliveries locally.`);
    }
  }
  if (fhirBaseUrl !== undefined && nodeEnv === 'production' && !fhirBaseUrl.startsWith('https://'))
    problems.push('FHIR_BASE_URL must be https:// in production (deliveries carry health data).');
  const sync: Config['sync'] = fhirBaseUrl
    ? { adapter: 'fhir', baseUrl: fhirBaseUrl.replace(/\/$/, ''), token: read('FHIR_AUTH_TOKEN') }
    : { adapter: 'local' };

  const smsProviderUrl = read('SMS_PROVIDER_URL');
  if (smsProviderUrl !== undefined) {
    try {
      if (!/^https?:$/.test(new URL(smsProviderUrl).protocol)) throw new Error('not http');
    } catch {
      problems.push(
        `SMS_PROVIDER_URL="${smsProviderUrl}" is not an http(s) address such as https://sms.example.com/messages; unset it to record texts locally.`,
      );
    }
  }
  if (smsProviderUrl !== undefined && nodeEnv === 'production' && !smsProviderUrl.startsWith('https://'))
    problems.push('SMS_PROVIDER_URL must be https:// in production.');
  const smsEnabled = bool('SMS_ENABLED', true);
  if (realProduction && smsEnabled && smsProviderUrl === undefined)
    problems.push('SMS_PROVIDER_URL is required in production, so that reminder texts reach people; set SMS_ENABLED=false to send none.');
  const sms: Config['sms'] = !smsEnabled
    ? { adapter: 'off' }
    : smsProviderUrl
      ? { adapter: 'http', url: smsProviderUrl, apiKey: read('SMS_PROVIDER_API_KEY') }
      : { adapter: 'local' };

  const config: Config = {
    nodeEnv,
    demoMode,
    seedDemoData: nodeEnv !== 'production' || demoMode,
    port,
    host: read('HOST') ?? '0.0.0.0',
    publicUrl: publicUrl.replace(/\/$/, ''),
    databaseUrl,
    dataDir: resolve(read('DATA_DIR') ?? './data'),
    logLevel: oneOf('LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, nodeEnv === 'test' ? 'warn' : 'info'),
    clientDir: resolve(read('CLIENT_DIR') ?? './dist/client'),
    ssrEntry: resolve(read('SSR_ENTRY') ?? './dist/ssr/entry-server.js'),
    trustProxy: trustedProxies(read('TRUST_PROXY'), problems),
    bodyLimitBytes: integer('BODY_LIMIT_BYTES', 1_048_576, 1024, 100 * 1_048_576),
    serveClient: bool('SERVE_CLIENT', true),
    unleashUrl,
    unleashApiKey,
    jwtSecret,
    smtpUrl,
    mailFrom: read('MAIL_FROM') ?? 'Mindful Care <no-reply@mindfulcare.example>',
    googleJwksUrl,
    googleClientId: read('GOOGLE_CLIENT_ID'),
    braintreeMerchantId,
    braintreePublicKey,
    braintreePrivateKey,
    braintreeEnvironment,
    localGatewaySettleSeconds,
    schedulingPaymentUrl,
    schedulingPaymentApiKey,
    databasePoolSize: integer('DATABASE_POOL_SIZE', 10, 1, 1000),
    jobsInProcess: bool('JOBS_IN_PROCESS', true),
    metricsToken: read('METRICS_TOKEN'),
    testSignInLifetimeSeconds,
    testSignInSendsPerAccountPerHour,
    testRateLimitFactor,
    testJobRetryDelaySeconds,
    sms,
    testClockControl,
    iceServers,
    videoExternalUrl,
    sync,
    syncDeliveryAttempts: integer('SYNC_DELIVERY_ATTEMPTS', constants.syncDeliveryAttempts, 1, 100),
    syncRetryDelaySeconds: integer('SYNC_RETRY_DELAY_SECONDS', constants.syncRetryDelaySeconds, 0, 86_400),
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
}
