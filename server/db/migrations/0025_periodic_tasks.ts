import type { DarasaMigration } from './types.ts';

/**
 * Periodic work (server/jobs/periodicRunner.ts): one row per task, or per task and machine for work on a
 * machine's own disk. A runner claims a run with a conditional update on `nextRunAt`, so a task shared by
 * the deployment runs once per interval whichever processes run it. The payout scheduler was a job that
 * queued its own next run; its queued runs go, since the registry now runs it (decision 0036).
 */
export const periodicTasks: DarasaMigration = {
  async up(db, _dialect, t) {
    await db.schema
      .createTable('periodicTask')
      .addColumn('name', 'text', (c) => c.notNull())
      // '' for a task of the whole deployment (or of each process); the host name for one of a machine.
      .addColumn('machine', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('intervalMs', 'integer', (c) => c.notNull())
      .addColumn('nextRunAt', t.ts, (c) => c.notNull())
      .addColumn('lastStartedAt', t.ts)
      .addColumn('lastFinishedAt', t.ts)
      .addColumn('lastError', 'text')
      .addPrimaryKeyConstraint('periodicTask_pk', ['name', 'machine'])
      .execute();
    await db.deleteFrom('job').where('type', '=', 'payouts.tick').execute();
  },
};
