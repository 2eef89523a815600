import { invalidInput } from '#server/core/errors.ts';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { canManageAsset } from '../access/policies.ts';

type Wanted = {
  id: string | null | undefined;
  kind: 'image' | 'video' | 'audio' | 'pdf' | 'resource';
  field: string;
};

/**
 * Every media id a form sends must be a file the acting person (or the course's creator) uploaded, of the
 * right kind, and not failed. Anything else is answered like an unknown id, so ids of other people's files
 * reveal nothing.
 */
export async function checkAssets(
  services: Services,
  actor: Actor,
  { creatorId, wanted }: { creatorId: string; wanted: Wanted[] },
): Promise<void> {
  const ids = wanted.map((w) => w.id).filter((id): id is string => !!id);
  if (!ids.length) return;
  const rows = await services.database.db
    .selectFrom('mediaAsset')
    .select(['id', 'ownerId', 'kind', 'status'])
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const w of wanted) {
    if (!w.id) continue;
    const a = byId.get(w.id);
    const ours = a && (a.ownerId === creatorId || canManageAsset(actor, a));
    if (!a || !ours || a.kind !== w.kind || a.status === 'failed') {
      const what = w.kind === 'image' || w.kind === 'video' ? w.kind : w.kind === 'audio' ? 'recording' : 'file';
      throw invalidInput(`That ${what} could not be used. Please upload it again.`, { [w.field]: 'Unknown file' });
    }
  }
}
