/**
 * Logger options. Health data never reaches a log: credentials and patient fields are redacted
 * wherever they appear, and requests are logged by route pattern, never by their query string
 * (which can hold an e-mail address or a phone number).
 */
import type { FastifyRequest, FastifyReply } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';
import pinoPretty from 'pino-pretty';

/** Field names that hold credentials or personal health information. */
export const SENSITIVE_FIELDS = [
  'authorization',
  'cookie',
  'set-cookie',
  'token',
  'accessToken',
  'refreshToken',
  'loginToken',
  'jwtToken',
  'password',
  'otp',
  'secret',
  'firstName',
  'lastName',
  'email',
  'dateOfBirth',
  'dob',
  'phoneNumber',
  'phone',
  'address',
  'memberId',
  'ssn',
  'cardNumber',
  'cvv',
  'notes',
  'note',
  'reason',
  'insurance',
  'patient',
  'patients',
] as const;

function redactPaths(): string[] {
  // Database errors echo the offending values in detail/where/parameters ("Key (email)=(...)").
  const paths = [
    'req.headers.authorization',
    'req.headers.cookie',
    'res.headers["set-cookie"]',
    'err.detail',
    'err.where',
    'err.parameters',
    'err.cause.detail',
    'err.cause.where',
    'err.query',
    'err.params',
  ];
  for (const f of SENSITIVE_FIELDS) {
    const key = /^[A-Za-z_$][\w$]*$/.test(f) ? f : `["${f}"]`;
    const sep = key.startsWith('[') ? '' : '.';
    paths.push(key, `*${sep}${key}`, `*.*${sep}${key}`);
  }
  return paths;
}

/** How log lines are written: one JSON object a line (production, tests, log collectors), or readable lines for a person. */
export type LogFormat = 'json' | 'pretty';

/** Readable lines in development; JSON in production and under test, where a machine reads them or nobody does. */
export function logFormatFor(nodeEnv: 'development' | 'production' | 'test'): LogFormat {
  return nodeEnv === 'development' ? 'pretty' : 'json';
}

/** Fastify's logger options: pino's, plus the stream it writes to. */
export type AppLoggerOptions = LoggerOptions & { stream?: DestinationStream };

/**
 * `destination` (pretty format only) is where the readable lines go: standard output unless a test
 * captures them. The lines are written synchronously, in the order they were logged, so a banner
 * printed after a log call comes after its line.
 */
export function loggerOptions(level: string, format: LogFormat = 'json', destination: number | NodeJS.WritableStream = 1): AppLoggerOptions {
  return {
    level,
    ...(format === 'pretty'
      ? {
          stream: pinoPretty({
            colorize: destination === 1 && Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
            translateTime: 'SYS:HH:MM:ss',
            ignore: 'pid,hostname',
            singleLine: true,
            sync: true,
            destination,
          }),
        }
      : {}),
    redact: { paths: redactPaths(), censor: '[redacted]' },
    serializers: {
      req(req: FastifyRequest) {
        return {
          method: req.method,
          // The route pattern ("/api/patients/:id") names the call without the values in it.
          route: req.routeOptions?.url ?? req.url.split('?')[0],
          remoteAddress: req.ip,
        };
      },
      res(res: FastifyReply) {
        return { statusCode: res.statusCode };
      },
    },
  };
}
