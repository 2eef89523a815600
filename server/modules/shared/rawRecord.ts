import { urlSecrets, type Config } from '#server/config/config.ts';
import { redactSecrets } from '#server/lib/redactSecrets.ts';

/**
 * A provider's message as kept in a record (rawRequest, rawCallback, rawQuery, rawResult): JSON, without
 * our callback secrets (Daraja echoes URLs, e.g. a B2C result's QueueTimeoutURL) and at most `max`
 * characters. Every raw column is written through this.
 */
export function rawRecord(config: Pick<Config, 'mpesa' | 'sms'>, message: unknown, max = 10_000): string {
  return redactSecrets(JSON.stringify(message) ?? 'null', urlSecrets(config)).slice(0, max);
}
