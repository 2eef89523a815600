// Viewing events arrive often (a heartbeat every few seconds per actor) and matter only in aggregate, so
// they are kept in memory and written in batches: one multi-row insert every VIEW_EVENTS_FLUSH_MS (the periodic
// task analytics.flushViewEvents, in each web process) or every BATCH_SIZE events, never one write per request. Losing the last seconds of events in a crash is
// acceptable for analytics; a clean shutdown flushes them (see startServer).
import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import type { Logger } from '#server/logging/logger.ts';
import type { ViewEvent } from '#common/analytics/viewEventSchema.ts';

const BATCH_SIZE = 500;
/** Beyond this many waiting events (the database is stalled) new ones are dropped rather than hoarded. */
const MAX_PENDING = 20_000;
/** Rows per INSERT statement: 6 bound values each stays far below SQLite's parameter limit. */
const ROWS_PER_INSERT = 1_000;

export class ViewEventBuffer {
  #pending: ViewEvent[] = [];
  #flushing: Promise<void> = Promise.resolve();
  readonly #db: Kysely<DB>;
  readonly #log: Logger;

  constructor(db: Kysely<DB>, log: Logger) {
    this.#db = db;
    this.#log = log;
  }

  /** Queues one event; false when it had to be dropped. */
  add(event: ViewEvent): boolean {
    if (this.#pending.length >= MAX_PENDING) return false;
    this.#pending.push(event);
    if (this.#pending.length >= BATCH_SIZE) void this.flush();
    return true;
  }

  /** Writes everything queued so far; resolves when it is in the database. Flushes never overlap. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#write(this.#pending.splice(0)));
    return this.#flushing;
  }

  stop(): Promise<void> {
    return this.flush();
  }

  async #write(events: ViewEvent[]): Promise<void> {
    if (!events.length) return;
    try {
      const valid = await this.#existing(events);
      for (let i = 0; i < valid.length; i += ROWS_PER_INSERT) {
        const rows = valid.slice(i, i + ROWS_PER_INSERT).map((e) => ({
          courseId: e.courseId,
          episodeId: e.episodeId ?? null,
          kind: e.kind,
          seconds: e.seconds,
          userId: e.userId,
          createdAt: e.at,
        }));
        await this.#db.insertInto('viewEvent').values(rows).execute();
      }
    } catch (err) {
      this.#log.warn({ err, dropped: events.length }, 'view events could not be written');
    }
  }

  /**
   * Drops events naming a course or episode that does not exist (or an episode of another course), and
   * forgets a actor deleted since the event was queued.
   */
  async #existing(events: ViewEvent[]): Promise<ViewEvent[]> {
    const courseIds = [...new Set(events.map((e) => e.courseId))];
    const episodeIds = [...new Set(events.flatMap((e) => (e.episodeId ? [e.episodeId] : [])))];
    const courses = new Set(
      (await this.#db.selectFrom('course').select('id').where('id', 'in', courseIds).execute()).map((r) => r.id),
    );
    const episodes = new Map(
      episodeIds.length
        ? (await this.#db.selectFrom('episode').select(['id', 'courseId']).where('id', 'in', episodeIds).execute()).map(
            (r) => [r.id, r.courseId] as const,
          )
        : [],
    );
    const userIds = [...new Set(events.flatMap((e) => (e.userId ? [e.userId] : [])))];
    const users = new Set(
      userIds.length
        ? (await this.#db.selectFrom('user').select('id').where('id', 'in', userIds).execute()).map((r) => r.id)
        : [],
    );
    return events
      .filter((e) => courses.has(e.courseId) && (!e.episodeId || episodes.get(e.episodeId) === e.courseId))
      .map((e) => (e.userId && !users.has(e.userId) ? { ...e, userId: null } : e));
  }
}
