import { sql, type Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { addAv1Job } from './addAv1Job.ts';

/**
 * The videos the AV1 backfill still has to do (decision 0070): ready, processed by the pipeline (so their
 * original is known), without an AV1 family in their record, and whose last backfill job has not failed
 * (a failed one waits for the admin's retry on the jobs page). `meta` is JSON written by
 * `JSON.stringify`, so an AV1 family is exactly the text `"av1":{`, on SQLite and PostgreSQL alike.
 */
export function videosWithoutAv1InTx(trx: Kysely<DB>) {
  return trx
    .selectFrom('mediaAsset')
    .where('mediaAsset.kind', '=', 'video')
    .where('mediaAsset.status', '=', 'ready')
    .where('mediaAsset.jobId', 'is not', null)
    .where('mediaAsset.meta', 'not like', '%"av1":{%')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('job')
            .select('job.id')
            .where('job.type', '=', addAv1Job.type)
            .where('job.status', '=', 'failed')
            .whereRef('job.payload', '=', sql<string>`'{"assetId":"' || ${sql.ref('mediaAsset.id')} || '"}'`),
        ),
      ),
    );
}
