import { sql, type Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { toNum } from '#server/db/values.ts';

export interface RateRule {
  /** Seconds. */
  window: number;
  max: number;
}

/**
 * Counts one attempt against `key` in a fixed window and says whether it is allowed. One upsert, so the
 * check and the increment are atomic across requests and processes (SQLite and PostgreSQL alike).
 */
export async function consumeRateLimit(
  db: Kysely<DB>,
  key: string,
  rule: RateRule,
  now = Date.now(),
): Promise<{ allowed: boolean; retryAfter: number | null }> {
  const expired = now - rule.window * 1000;
  const row = await db
    .insertInto('rateLimit')
    .values({ key, count: 1, windowStart: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when "rateLimit"."windowStart" <= ${expired} then 1 else "rateLimit"."count" + 1 end`,
        windowStart: sql<number>`case when "rateLimit"."windowStart" <= ${expired} then ${now} else "rateLimit"."windowStart" end`,
      }),
    )
    .returning(['count', 'windowStart'])
    .executeTakeFirstOrThrow();
  if (toNum(row.count) <= rule.max) return { allowed: true, retryAfter: null };
  return {
    allowed: false,
    retryAfter: Math.max(1, Math.ceil((toNum(row.windowStart) + rule.window * 1000 - now) / 1000)),
  };
}

/** Forgets the attempts under `key` (a successful sign-in clears the account's failures). */
export async function clearRateLimit(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('rateLimit').where('key', '=', key).execute();
}

/** Drops counters whose window ended long ago; called now and then so the table stays small. */
export async function pruneRateLimits(db: Kysely<DB>, olderThanMs: number, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('rateLimit')
    .where('windowStart', '<', now - olderThanMs)
    .execute();
}
