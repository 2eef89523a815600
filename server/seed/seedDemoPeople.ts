import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { nextCounterValueInTx } from '../modules/accounts/nextCounterValue.ts';
import { DEMO_CREATORS } from './demoCatalog.ts';

export type DemoCreatorKey = keyof typeof DEMO_CREATORS;
export type DemoPeople = Record<DemoCreatorKey, { id: string; name: string; email: string }>;

/**
 * The demo creators (users with role `creator` and their C-profiles), found by email when they already
 * exist. Runs inside the seed's transaction; the accounts step adds their passwords by the same emails.
 */
export async function seedDemoPeople(db: Kysely<DB>, at: Date): Promise<DemoPeople> {
  const people = {} as DemoPeople;
  for (const [key, person] of Object.entries(DEMO_CREATORS) as [
    DemoCreatorKey,
    (typeof DEMO_CREATORS)[DemoCreatorKey],
  ][]) {
    const existing = await db
      .selectFrom('user')
      .select(['id', 'name'])
      .where('email', '=', person.email)
      .executeTakeFirst();
    const user = existing ?? { id: newId(), name: person.name };
    if (!existing) {
      await db
        .insertInto('user')
        .values({
          id: user.id,
          name: person.name,
          email: person.email,
          emailVerified: true,
          image: null,
          role: 'creator',
          phone: person.phone,
          status: 'active',
          createdAt: at,
          updatedAt: at,
        })
        .execute();
    }
    const profile = await db
      .selectFrom('creatorProfile')
      .select('uniqueId')
      .where('userId', '=', user.id)
      .executeTakeFirst();
    if (!profile) {
      await db
        .insertInto('creatorProfile')
        .values({
          uniqueId: `C${await nextCounterValueInTx(db, { name: 'creatorCount' })}`,
          userId: user.id,
          name: person.name,
          email: person.email,
          phone: person.phone,
          createdAt: at,
        })
        .execute();
    }
    people[key] = { id: user.id, name: user.name, email: person.email };
  }
  return people;
}
