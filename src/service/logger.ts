import pino, { type Logger } from 'pino';
import type { LogLevel } from './config.js';
import { serializeRequest } from './http/request-ids.js';

/** JSON logs to stdout; secrets are redacted wherever they might appear. */
export function createLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'transceiver-intelligence' },
      redact: {
        paths: ['req.headers.authorization', 'headers.authorization', 'password', '*.password', 'token', '*.token', 'secret', '*.secret'],
        censor: '[redacted]',
      },
      serializers: {
        req: serializeRequest,
        res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
        err: pino.stdSerializers.err,
      },
    },
    destination,
  );
}
