import type { Kysely, Transaction } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { invalidInput } from '#server/core/errors.ts';
import { canManageAsset } from '../access/policies.ts';
import type { Actor } from '#server/core/actor.ts';

type Wanted = { id: string | null | undefined; kind: 'image' | 'video'; field: string };

/**
 * Every media id a form sends must be a file the acting person (or the course's creator) uploaded, of the
 * right kind, and not failed. Anything else is answered like an unknown id, so ids of other people's files
 * reveal nothing.
 */
export async function checkAssets(
  db: Kysely<DB> | Transaction<DB>,
  actor: Actor,
  courseCreatorId: string,
  wanted: Wanted[],
): Promise<void> {
  const ids = wanted.map((w) => w.id).filter((id): id is string => !!id);
  if (!ids.length) return;
  const rows = await db
    .selectFrom('mediaAsset')
    .select(['id', 'ownerId', 'kind', 'status'])
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const w of wanted) {
    if (!w.id) continue;
    const a = byId.get(w.id);
    const ours = a && (a.ownerId === courseCreatorId || canManageAsset(actor, a));
    if (!a || !ours || a.kind !== w.kind || a.status === 'failed') {
      const what = w.kind === 'image' ? 'image' : 'video';
      throw invalidInput(`That ${what} could not be used. Please upload it again.`, { [w.field]: 'Unknown file' });
    }
  }
}
