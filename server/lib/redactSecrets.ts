/** What a secret is replaced with in text that is kept (records, log lines). */
export const REDACTED = '[redacted]';

/**
 * `text` with every occurrence of each secret replaced by [redacted]. The secrets are URL-safe tokens, so
 * they read the same inside JSON, URLs and plain text.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret) out = out.replaceAll(secret, REDACTED);
  return out;
}
