import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';

// The logs (docs/operations.md#logs): pino, Fastify's own, one JSON object a line; pino-pretty when a person
// watches the terminal (or LOG_FORMAT says so). Every line of a request carries its id (reqId); what would let
// someone sign in as someone else (passwords, cookies, tokens, codes) never reaches a line.

export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export interface LogSettings {
  /** pino's level (LOG_LEVEL): fatal, error, warn, info, debug, trace or silent. */
  level: string;
  /** How the lines on stdout read; default chooseLogFormat's answer for this process. Ignored when `stream` is given. */
  format?: LogFormat;
  /** Where the lines go; default stdout. */
  stream?: DestinationStream;
}

/**
 * LOG_FORMAT when it is set (config.ts checks its value); else readable text when a person watches the terminal and
 * one JSON object a line when stdout is a pipe, a file or a log collector.
 */
export function chooseLogFormat(requested: LogFormat | undefined, isTerminal: boolean | undefined): LogFormat {
  return requested ?? (isTerminal ? 'pretty' : 'json');
}

export const REQUEST_ID_HEADER = 'x-request-id';
/** An incoming id is kept when it looks like one: bounded, and nothing that could forge a log line or a header. */
const SANE_REQUEST_ID = /^[\w.:+/=-]{1,128}$/;

/** Secrets by name: whichever object of a log line holds them (a body, headers, a logged options object). */
const SECRET_KEYS = ['password', 'newPassword', 'currentPassword', 'recoveryCode', 'token', 'cookie', 'authorization'];
/** In a body only: elsewhere `code` is an error's code (ENOENT, a SQLSTATE), which the log needs. */
const BODY_SECRET_KEYS = [...SECRET_KEYS, 'code', 'totp', 'resetCode', 'verificationCode'];

export const REDACTED_PATHS: readonly string[] = [
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`]),
  ...BODY_SECRET_KEYS.flatMap((key) => [`body.${key}`, `req.body.${key}`, `request.body.${key}`]),
  'req.headers.cookie', 'req.headers.authorization', 'headers.cookie', 'headers.authorization',
  'res.headers["set-cookie"]', 'headers["set-cookie"]', 'reply.headers["set-cookie"]',
];

/**
 * One-time codes travel in some paths (the reset and verification pages and their API calls, the
 * unsubscribe link) and may travel in a query string: a logged URL keeps the route, not the code.
 */
const CODE_IN_PATH = /\/(resetpassword|verifyemail|emailchange\/(?:undo|confirm)|auth\/reset|auth\/verify|auth\/email-change\/(?:undo|confirm)|unsubscribe)\/[^/?#]+/gi;
const SECRET_QUERY = /([?&](?:code|token|password|reset_code|verification_code|key)=)[^&#]*/gi;

export function maskUrl(url: string): string {
  return url.replace(CODE_IN_PATH, '/$1/[Redacted]').replace(SECRET_QUERY, '$1[Redacted]');
}

/** Fastify's request serializer, with the URL masked; anything else logged as `req` is left to the redaction. */
function serializeRequest(req: FastifyRequest | Record<string, unknown>) {
  if (!isRequest(req)) return req;
  return {
    method: req.method,
    url: maskUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

function isRequest(value: FastifyRequest | Record<string, unknown>): value is FastifyRequest {
  return typeof value.url === 'string' && typeof value.method === 'string' && 'raw' in value;
}

function stdoutStream(format: LogFormat): DestinationStream {
  if (format === 'pretty') return pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'hostname' });
  return pino.destination({ dest: 1, sync: true });
}

/** pino's options for every logger of the portal: Fastify's in each API process, and the cluster primary's own. */
export function loggerOptions(settings: LogSettings): LoggerOptions & { stream: DestinationStream } {
  return {
    level: settings.level,
    redact: { paths: [...REDACTED_PATHS], censor: '[Redacted]' },
    serializers: { req: serializeRequest },
    stream: settings.stream ?? stdoutStream(settings.format ?? chooseLogFormat(undefined, process.stdout.isTTY)),
  };
}

/** A logger with the API's settings, for a process that runs no API (the cluster primary). */
export function createLogger(settings: LogSettings): Logger {
  const { stream, ...options } = loggerOptions(settings);
  return pino(options, stream);
}

/** The incoming X-Request-Id when it is sane, else a fresh one. */
export function requestIdFor(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** What Fastify is created with: its logger (or none), and the request id of every request (logged as reqId). */
export function fastifyLogging(settings: LogSettings | null): Pick<FastifyServerOptions, 'logger' | 'genReqId'> {
  return {
    logger: settings ? loggerOptions(settings) : false,
    genReqId: requestIdFor,
  };
}

/** Every answer carries its request id, so that a caller can quote it and the log lines be found by it. */
export const requestIdPlugin = fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      done();
    });
  },
  { name: 'portal-request-id' },
);
