import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type Logger } from 'pino';
import { redactSecrets } from '../lib/redactSecrets.ts';

export type { Logger };

/** What every log line written while handling one request carries (its request id). */
interface LogContext {
  reqId: string;
}

// One store for the process: the context follows the request through every await, so operations log
// through `services.log` as before and still name the request they were working for.
const logContext = new AsyncLocalStorage<LogContext>();

/** Runs `fn` (the handling of one request) so that log lines written inside it carry `reqId`. */
export function withRequestLogContext<T>(reqId: string, fn: () => T): T {
  return logContext.run({ reqId }, fn);
}

/**
 * `secrets` (the callback URLs' secrets) never reach the output: each finished line is redacted, whatever
 * field, error message or URL carried them.
 */
export function createLogger(
  level: string,
  secrets: readonly string[] = [],
  /** Standard output when absent. */
  destination?: pino.DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => logContext.getStore() ?? {},
    ...(secrets.length ? { hooks: { streamWrite: (line: string) => redactSecrets(line, secrets) } } : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}
