import { sql } from 'kysely';
import type { Services } from '#server/core/services.ts';
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
  services: Services,
  { key, rule }: { key: string; rule: RateRule },
): Promise<{ allowed: boolean; retryAfter: number | null }> {
  const now = services.clock.now().getTime();
  const expired = now - rule.window * 1000;
  const row = await services.database.db
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

/** Gives back one attempt counted under `key` (an attempt refused elsewhere spends no budget). */
export async function refundRateLimit(services: Services, { key }: { key: string }): Promise<void> {
  await services.database.db
    .updateTable('rateLimit')
    .set({ count: sql<number>`case when "count" > 0 then "count" - 1 else 0 end` })
    .where('key', '=', key)
    .execute();
}

/** Forgets the attempts under `key` (a successful sign-in clears the account's failures). */
export async function clearRateLimit(services: Services, { key }: { key: string }): Promise<void> {
  await services.database.db.deleteFrom('rateLimit').where('key', '=', key).execute();
}

/** Drops counters whose window ended long ago; called now and then so the table stays small. */
export async function pruneRateLimits(services: Services, { olderThanMs }: { olderThanMs: number }): Promise<void> {
  await services.database.db
    .deleteFrom('rateLimit')
    .where('windowStart', '<', services.clock.now().getTime() - olderThanMs)
    .execute();
}
