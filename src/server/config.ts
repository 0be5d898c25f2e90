/**
 * The server's configuration, read from the environment once and validated. Each variable is
 * declared here with its meaning and default; the configuration table of docs/operations.md is checked against this list.
 * A bad value stops start-up with a sentence that says which variable and what to do.
 */
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { constants } from '../generated/constants';
import { flagSpecs } from '../generated/flags';

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  /**
   * A deliberate demo deployment (DEMO_MODE=true): the local test gateway and the demo data are kept, even in
   * production, and every page and mail says it is a demo (no real payments, no real care).
   */
  demoMode: boolean;
  /** insert the demo marketplace and accounts into an empty database: outside production, or in a demo */
  seedDemoData: boolean;
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  clientDir: string;
  ssrEntry: string;
  /**
   * Which hops in front of the server may name the caller's address in X-Forwarded-For (Fastify's trustProxy forms):
   * false (none), a hop count, or the proxies' addresses and CIDR ranges. Never `true`, which would believe what a caller writes.
   */
  trustProxy: false | number | string[];
  bodyLimitBytes: number;
  serveClient: boolean;
  /** Unleash frontend API that answers the flag endpoint instead of specs/flags.yaml */
  unleashUrl: string | undefined;
  /** key the flag endpoint sends to that Unleash */
  unleashApiKey: string | undefined;
  /** signs access tokens and keys the one-time-code HMAC; see auth/secrets.ts for the fallback outside production */
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  googleJwksUrl: string;
  googleClientId: string | undefined;
  /** Braintree credentials; all three set switches card payments from the local test gateway to Braintree */
  braintreeMerchantId: string | undefined;
  braintreePublicKey: string | undefined;
  braintreePrivateKey: string | undefined;
  braintreeEnvironment: 'sandbox' | 'production';
  /** the local test gateway settles a charge this many seconds after it is taken (before: void; after: refund) */
  localGatewaySettleSeconds: number;
  schedulingPaymentUrl: string | undefined;
  schedulingPaymentApiKey: string | undefined;
  /** connections of this process's PostgreSQL pool (the app's queries; the job engine keeps its own few) */
  databasePoolSize: number;
  /** bearer token a Prometheus scraper sends to read /metrics; unset: only callers on this machine may */
  metricsToken: string | undefined;
  /** run the background job workers inside this process (false: only `npm run worker` processes run jobs) */
  jobsInProcess: boolean;
  /** test-only: one-time codes and sign-in links live this many seconds instead of the spec's minutes */
  testSignInLifetimeSeconds: number | undefined;
  /** test-only: codes and links one e-mail address may be sent in an hour, instead of the spec's limit */
  testSignInSendsPerAccountPerHour: number | undefined;
  /** test-only: multiplies the account-creation, hold and booking limits (tests that book many times from one address) */
  testRateLimitFactor: number | undefined;
  /** tests only: seconds between tries of a failed background job (first and longest wait) */
  testJobRetryDelaySeconds: number | undefined;
  /** tests only: the server's clock can be moved forward by POST /dev/clock (loopback), so browser tests see time pass */
  testClockControl: boolean;
  /** ICE servers browsers use to connect video visits (STUN_URLS, TURN_URLS with TURN_USERNAME and TURN_CREDENTIAL) */
  iceServers: { urls: string[]; username?: string; credential?: string }[];
  /** an external video service's room address with {appointmentId}; unset keeps the built-in room */
  videoExternalUrl: string | undefined;
  /** where the sync outbox delivers: a FHIR R4 server (FHIR_BASE_URL set) or the local adapter that records deliveries */
  sync: { adapter: 'local' } | { adapter: 'fhir'; baseUrl: string; token: string | undefined };
  /** where reminder texts go: an HTTP SMS provider (SMS_PROVIDER_URL set) or the local outbox shown in the dev mailbox */
  sms: { adapter: 'local' } | { adapter: 'off' } | { adapter: 'http'; url: string; apiKey: string | undefined };
  /** tries of one sync delivery before it fails for good (red alert) */
  syncDeliveryAttempts: number;
  /** first wait before a failed sync delivery is tried again (doubling up to jobRetryDelayMaxSeconds) */
  syncRetryDelaySeconds: number;
}

export interface VariableSpec {
  name: string;
  description: string;
  default: string;
}

/** Every variable the server reads; docs/operations.md lists the same names (a test checks). */
export const variables: readonly VariableSpec[] = [
  { name: 'PORT', description: 'HTTP port', default: '3000' },
  { name: 'HOST', description: 'Interface to listen on', default: '0.0.0.0' },
  { name: 'NODE_ENV', description: 'development, production or test; the dev mailbox exists only outside production', default: 'development' },
  {
    name: 'DEMO_MODE',
    description:
      'true runs a deliberate demo: the local test card gateway, the demo data and in-memory texts are allowed in production, and every page and e-mail says "demo: no real payments, no real care"',
    default: 'false',
  },
  { name: 'PUBLIC_URL', description: 'Address people use to reach the app (links in e-mails)', default: 'http://localhost:$PORT' },
  { name: 'DATABASE_URL', description: 'PostgreSQL connection string; when unset, an embedded PGlite database in DATA_DIR is used', default: '(unset)' },
  {
    name: 'DATABASE_POOL_SIZE',
    description: 'Connections of the PostgreSQL pool of one process (the job engine keeps its own small pool besides)',
    default: '10',
  },
  {
    name: 'METRICS_TOKEN',
    description: 'Bearer token that lets a Prometheus scraper read /metrics from another host; unset, /metrics answers callers on this machine only',
    default: '(unset)',
  },
  {
    name: 'JOBS_IN_PROCESS',
    description: 'true runs the background job workers inside the API process; false leaves jobs to `npm run worker` processes',
    default: 'true',
  },
  { name: 'DATA_DIR', description: 'Folder of the embedded database and local files', default: './data' },
  {
    name: 'LOG_LEVEL',
    description: 'fatal, error, warn, info, debug, trace or silent; logs are readable lines in development and JSON otherwise',
    default: 'info (warn with NODE_ENV=test)',
  },
  { name: 'CLIENT_DIR', description: 'Built client (vite build output)', default: './dist/client' },
  { name: 'SSR_ENTRY', description: 'Built server renderer (vite build --ssr output)', default: './dist/ssr/entry-server.js' },
  {
    name: 'TRUST_PROXY',
    description:
      'The proxies in front of the server whose X-Forwarded-For names the caller: a hop count (1 behind one load balancer) or their addresses and CIDR ranges (10.0.0.0/8,loopback); true is refused',
    default: 'false',
  },
  { name: 'BODY_LIMIT_BYTES', description: 'Largest accepted request body (uploads have their own limit)', default: '1048576' },
  { name: 'SERVE_CLIENT', description: 'false serves only the API (npm run dev serves the client through Vite)', default: 'true' },
  {
    name: 'UNLEASH_URL',
    description:
      'Unleash frontend API (Unleash or Unleash Edge, e.g. https://unleash.example.com/api/frontend) that answers the flag endpoint; unset evaluates specs/flags.yaml',
    default: '(unset)',
  },
  { name: 'UNLEASH_API_KEY', description: 'Frontend API token sent to UNLEASH_URL; required with it', default: '(unset)' },
  {
    name: 'JWT_SECRET',
    description:
      'Secret (at least 32 characters) that signs access tokens and keys one-time-code hashes; required in production, otherwise generated once into DATA_DIR',
    default: '(generated)',
  },
  {
    name: 'SMTP_URL',
    description:
      'SMTP server for sign-in codes and links (smtp://user:pass@host:587); required in production, otherwise mail goes to the dev mailbox at /dev/mailbox',
    default: '(unset)',
  },
  { name: 'MAIL_FROM', description: 'Sender address of e-mails', default: 'Mindful Care <no-reply@mindfulcare.example>' },
  {
    name: 'GOOGLE_JWKS_URL',
    description: "Google's signing keys for Google sign-in (https:// or, in tests, a file:// key set)",
    default: 'https://www.googleapis.com/oauth2/v3/certs',
  },
  {
    name: 'GOOGLE_CLIENT_ID',
    description: 'OAuth client id that Google ID tokens must be issued to; Google sign-in is refused while unset',
    default: '(unset)',
  },
  {
    name: 'BRAINTREE_MERCHANT_ID',
    description:
      'Braintree merchant id; with BRAINTREE_PUBLIC_KEY and BRAINTREE_PRIVATE_KEY, cards are charged through Braintree instead of the local test gateway',
    default: '(unset)',
  },
  { name: 'BRAINTREE_PUBLIC_KEY', description: 'Braintree API public key (with BRAINTREE_MERCHANT_ID)', default: '(unset)' },
  { name: 'BRAINTREE_PRIVATE_KEY', description: 'Braintree API private key (with BRAINTREE_MERCHANT_ID)', default: '(unset)' },
  { name: 'BRAINTREE_ENVIRONMENT', description: 'sandbox or production', default: 'sandbox' },
  {
    name: 'SCHEDULING_PAYMENT_URL',
    description:
      "The practice's scheduling system's payment service (https://.../payments) that takes a booking's payment while the schedulingSystemPayment flag is on; unset uses an offline service in the process",
    default: '(unset)',
  },
  { name: 'SCHEDULING_PAYMENT_API_KEY', description: 'API key sent as a bearer token to SCHEDULING_PAYMENT_URL; required with it', default: '(unset)' },
  {
    name: 'LOCAL_GATEWAY_SETTLE_SECONDS',
    description: 'the local test card gateway settles a charge this many seconds after it is taken: a refund before then is a void, after it a refund',
    default: String(constants.localGatewaySettleSeconds),
  },
  { name: 'STUN_URLS', description: 'Comma-separated STUN servers for video visits (stun:host:3478); none are needed on one network', default: '(unset)' },
  {
    name: 'TURN_URLS',
    description:
      'Comma-separated TURN servers for video visits behind strict firewalls (turn:host:3478, turns:host:5349; coturn in production), with TURN_USERNAME and TURN_CREDENTIAL',
    default: '(unset)',
  },
  { name: 'TURN_USERNAME', description: 'TURN user name (with TURN_URLS)', default: '(unset)' },
  { name: 'TURN_CREDENTIAL', description: 'TURN password (with TURN_URLS)', default: '(unset)' },
  {
    name: 'VIDEO_EXTERNAL_URL',
    description:
      'An external video service for video visits: its room address with {appointmentId} (https://video.partner.example/rooms/{appointmentId}); unset uses the built-in room',
    default: '(unset)',
  },
  {
    name: 'FHIR_BASE_URL',
    description:
      "The practice's FHIR R4 server (https://ehr.example.com/fhir) that the sync outbox delivers Patient, Appointment, Consent and PaymentNotice resources to; unset, the local adapter records deliveries in the database",
    default: '(unset)',
  },
  {
    name: 'SMS_PROVIDER_URL',
    description:
      'An SMS provider that takes reminder texts as JSON ({"to","text"}) by POST (https://sms.example.com/messages); unset, texts are recorded and shown in the dev mailbox',
    default: '(unset)',
  },
  {
    name: 'SMS_ENABLED',
    description: 'false sends no text messages at all (reminders go by e-mail only); production needs SMS_PROVIDER_URL unless this is false',
    default: 'true',
  },
  { name: 'SMS_PROVIDER_API_KEY', description: 'Bearer token sent to SMS_PROVIDER_URL', default: '(unset)' },
  { name: 'FHIR_AUTH_TOKEN', description: 'Bearer token sent to FHIR_BASE_URL (SMART backend-services token or API key)', default: '(unset)' },
  {
    name: 'SYNC_DELIVERY_ATTEMPTS',
    description: 'Tries of one delivery to the practice system before it fails for good and raises a red alert',
    default: String(constants.syncDeliveryAttempts),
  },
  {
    name: 'SYNC_RETRY_DELAY_SECONDS',
    description: 'First wait before a failed delivery is tried again; each further wait doubles, up to jobRetryDelayMaxSeconds',
    default: String(constants.syncRetryDelaySeconds),
  },
  {
    name: 'TEST_SIGN_IN_SENDS_PER_ACCOUNT_PER_HOUR',
    description:
      'Tests only (NODE_ENV=test): codes and links one e-mail address may be sent in an hour, so a browser-test run that signs the demo accounts in many times is not refused',
    default: '(unset)',
  },
  {
    name: 'TEST_CLOCK_CONTROL',
    description:
      'Tests only (NODE_ENV=test): true lets a browser test move the server clock forward (POST /dev/clock from the machine itself), so it sees reminders fall due and waitlist offers lapse without waiting',
    default: 'false',
  },
  {
    name: 'TEST_JOB_RETRY_DELAY_SECONDS',
    description:
      "Tests only (NODE_ENV=test): a failed background job is tried again after this many seconds each time (instead of jobRetryDelaySeconds doubling), and the queues' figures are refreshed as often, so a browser test sees it reach the dead-letter list",
    default: '(unset)',
  },
  {
    name: 'TEST_SIGN_IN_LIFETIME_SECONDS',
    description: 'Tests only (NODE_ENV=test): one-time codes and sign-in links live this many seconds (0: expired at once), so tests can see an expired code',
    default: '(unset)',
  },
];

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

/** Names proxy-addr (Fastify's trustProxy) gives to address ranges. */
const namedRanges = ['loopback', 'linklocal', 'uniquelocal'];
/** More hops than any real chain of proxies: a bigger count is a mistake, not a deployment. */
const maxProxyHops = 10;

/**
 * TRUST_PROXY in one of Fastify's own trustProxy forms, minus the one that lets a caller choose its address:
 * unset or false (X-Forwarded-For is ignored), a hop count, or a list of proxy addresses, CIDR ranges and
 * proxy-addr's named ranges. `true` trusts every hop, so the leftmost X-Forwarded-For entry, which the caller writes,
 * would become its address and dodge every per-address limit: refused with a line that says what to write instead.
 */
function trustedProxies(raw: string | undefined, problems: string[]): Config['trustProxy'] {
  if (raw === undefined || raw === 'false' || raw === '0') return false;
  const instead = `give the number of proxies in front of the server (TRUST_PROXY=1 behind one load balancer) or their addresses (TRUST_PROXY=10.0.0.0/8)`;
  if (raw === 'true') {
    problems.push(`TRUST_PROXY=true would believe whatever X-Forwarded-For a caller writes (and its per-address limits with it): ${instead}.`);
    return false;
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > maxProxyHops) {
      problems.push(`TRUST_PROXY="${raw}" is more hops than a chain of proxies has: ${instead}.`);
      return false;
    }
    return hops;
  }
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length) {
    problems.push(
      `TRUST_PROXY: ${bad.map((b) => `"${b}"`).join(', ')} is not an IP address, a CIDR range (10.0.0.0/8) or loopback, linklocal, uniquelocal: ${instead}.`,
    );
    return false;
  }
  return entries;
}

function isProxyAddress(entry: string): boolean {
  if (namedRanges.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d+$/.test(prefix)) return false;
  // a CIDR range that covers every address (0.0.0.0/0, ::/0) is `true` by another name
  const bits = Number(prefix);
  return bits >= 1 && bits <= (family === 4 ? 32 : 128);
}
