import type { DarasaMigration } from './types.ts';

// The durable job queue (server/jobs/) and the processing progress of media assets. Workers claim the
// oldest due job: `job_due` serves that query; `job_type_status` serves the admin list of failed jobs.
export const mediaJobs: DarasaMigration = {
  async up(db, _dialect, t) {
    await db.schema
      .createTable('job')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('maxAttempts', 'integer', (c) => c.notNull())
      .addColumn('runAt', t.ts, (c) => c.notNull())
      .addColumn('lockedBy', 'text')
      .addColumn('lockedUntil', t.ts)
      .addColumn('lastError', 'text')
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .addColumn('updatedAt', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('job_due').on('job').columns(['status', 'runAt']).execute();
    await db.schema.createIndex('job_type_status').on('job').columns(['type', 'status', 'updatedAt']).execute();

    // The editor shows a video's processing percentage and retries its job: both hang off the asset.
    await db.schema
      .alterTable('mediaAsset')
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('mediaAsset').addColumn('jobId', 'text').execute();
  },
};
