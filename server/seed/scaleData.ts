// A bulk loader for benchmarks: many creators, courses and episodes with a realistic spread (categories,
// drafts, prices, popularity, ratings, dates over three years), written fast on both databases: rows are
// built in JS and sent in large batches as one parameter each (a JSON array read by `json_each` on
// SQLite, `unnest` of typed arrays on PostgreSQL), a few thousand courses and their episodes per
// transaction.
//
// CLI: node server/seed/scaleData.ts [courses] [episodes]   (uses DATABASE_URL / DATA_DIR like the server)
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { loadConfig } from '../config/config.ts';
import { connectDatabase, type DialectName } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { DB } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { CATEGORIES } from '#common/catalog/categories.ts';

export interface ScaleOptions {
  courses?: number;
  episodes?: number;
  /** Where progress and the time taken are printed; defaults to the console. */
  log?: (line: string) => void;
}

export interface ScaleResult {
  creators: number;
  courses: number;
  episodes: number;
  seconds: number;
}

type Value = string | number | boolean | null;
interface Column {
  name: string;
  /** PostgreSQL array type for `unnest`. */
  pg: 'text' | 'int' | 'real' | 'boolean' | 'timestamptz';
}

const DAY = 86_400_000;
const BATCH_ROWS = 10_000;
const COURSES_PER_CHUNK = 5_000;

/** Same data for the same sizes, so runs compare (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Category weights: technology and business are the bigger shelves.
const CATEGORY_WEIGHTS = [0.22, 0.25, 0.15, 0.13, 0.15, 0.1];
/** Title subjects by category (also what the search synonyms are checked against). */
export const SUBJECTS: Record<string, string[]> = {
  business: ['Bookkeeping', 'M-Pesa Payments', 'Retail', 'Marketing', 'Agribusiness', 'Import Trade', 'Sales'],
  technology: ['React', 'Python', 'Android', 'Data Analysis', 'Cloud Hosting', 'Cybersecurity', 'Excel'],
  'creative arts': ['Photography', 'Afrobeats Production', 'Fashion Design', 'Spoken Word', 'Film Editing', 'Painting'],
  health: ['Nutrition', 'Home Workouts', 'First Aid', 'Mental Wellness', 'Yoga', 'Maternal Health'],
  education: ['KCSE Mathematics', 'Kiswahili Grammar', 'Chemistry', 'English Composition', 'Physics', 'History'],
  lifestyle: ['Kenyan Cooking', 'Gardening', 'Personal Finance', 'Travel', 'Home Styling', 'Parenting'],
};
const LEVELS = ['Beginner', 'Practical', 'Complete', 'Advanced', 'Quick', 'Hands-on', 'Everyday'];
const PLACES = ['Nairobi', 'Mombasa', 'Kisumu', 'Nakuru', 'Eldoret', 'Kampala', 'Lagos', 'Kigali', 'Accra'];
const FIRST = ['Wanjiru', 'Otieno', 'Amina', 'Kiprop', 'Achieng', 'Mwangi', 'Fatuma', 'Njeri', 'Baraka', 'Zawadi'];
const LAST = ['Kamau', 'Odhiambo', 'Hassan', 'Kibet', 'Wambui', 'Mutua', 'Omondi', 'Chebet', 'Njoroge', 'Ali'];

/** `counts[i]` episodes for course i, summing to exactly `total`, spread around the mean. */
function episodeCounts(courses: number, total: number, rnd: () => number): number[] {
  const mean = total / Math.max(1, courses);
  const counts = Array.from({ length: courses }, () => Math.floor(rnd() * 2 * mean + 0.5));
  let diff = total - counts.reduce((a, b) => a + b, 0);
  while (diff !== 0 && courses > 0) {
    const i = Math.floor(rnd() * courses);
    if (diff > 0) {
      counts[i]!++;
      diff--;
    } else if (counts[i]! > 0) {
      counts[i]!--;
      diff++;
    }
  }
  return counts;
}

/** One multi-row insert whose rows travel as a single parameter. */
function insertMany(dialect: DialectName, table: string, columns: Column[], rows: Value[][]): RawBuilder<unknown> {
  const names = sql.join(columns.map((c) => sql.ref(c.name)));
  if (dialect === 'postgres') {
    const arrays = columns.map((c, i) => sql`${rows.map((r) => r[i])}::${sql.raw(c.pg)}[]`);
    return sql`insert into ${sql.table(table)} (${names}) select * from unnest(${sql.join(arrays)})`;
  }
  const fields = sql.join(columns.map((_, i) => sql`json_extract("value", ${`$[${i}]`})`));
  const json = JSON.stringify(rows.map((r) => r.map((v) => (typeof v === 'boolean' ? Number(v) : v))));
  return sql`insert into ${sql.table(table)} (${names}) select ${fields} from json_each(${json})`;
}

const col = (name: string, pg: Column['pg']): Column => ({ name, pg });

const COURSE_COLUMNS = [
  col('id', 'text'),
  col('title', 'text'),
  col('description', 'text'),
  col('price', 'int'),
  col('category', 'text'),
  col('published', 'boolean'),
  col('featured', 'boolean'),
  col('creatorId', 'text'),
  col('creatorName', 'text'),
  col('enrolledCount', 'int'),
  col('lessonsCount', 'int'),
  col('ratingAvg', 'real'),
  col('ratingCount', 'int'),
  col('duration', 'int'),
  col('createdAt', 'timestamptz'),
  col('updatedAt', 'timestamptz'),
  col('publishedAt', 'timestamptz'),
];
const EPISODE_COLUMNS = [
  col('id', 'text'),
  col('courseId', 'text'),
  col('title', 'text'),
  col('duration', 'int'),
  col('position', 'int'),
  col('createdAt', 'timestamptz'),
];
const USER_COLUMNS = [
  col('id', 'text'),
  col('name', 'text'),
  col('email', 'text'),
  col('role', 'text'),
  col('phone', 'text'),
  col('createdAt', 'timestamptz'),
  col('updatedAt', 'timestamptz'),
];

/** Draws rows from one seeded generator; ids are a fresh run prefix plus a zero-padded counter. */
class RowMaker {
  readonly rnd: () => number;
  readonly prefix = newId().slice(0, 8);
  readonly now = Date.now();
  episodeNo = 0;
  constructor(seed: number) {
    this.rnd = random(seed);
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.rnd() * list.length)]!;
  }
  // Zero-padded so rows arrive in key order and every index insert is an append (random-order keys made
  // SQLite's load many times slower).
  id(kind: string, n: number): string {
    return `${this.prefix}${kind}${String(n).padStart(8, '0')}`;
  }

  creator(i: number): Value[] {
    const at = new Date(this.now - (3 * 365 + 30) * DAY + i * 1000).toISOString();
    const phone = `+2547${String(10_000_000 + Math.floor(this.rnd() * 89_999_999)).slice(0, 8)}`;
    const email = `scale-${this.prefix.toLowerCase()}-${i}@darasa.test`;
    return [this.id('u', i), `${this.pick(FIRST)} ${this.pick(LAST)}`, email, 'creator', phone, at, at];
  }

  /** A course row and its episode rows. */
  course(i: number, episodeCount: number, creator: Value[]): { course: Value[]; episodes: Value[][] } {
    // Walk the cumulative weights until the draw falls inside one category's share.
    let r = this.rnd();
    let c = 0;
    while (c < CATEGORY_WEIGHTS.length - 1) {
      r -= CATEGORY_WEIGHTS[c]!;
      if (r <= 0) break;
      c++;
    }
    const category = CATEGORIES[c]!;
    const subject = this.pick(SUBJECTS[category]!);
    const place = this.pick(PLACES);
    const created = this.now - 2 * DAY - Math.floor(this.rnd() * 3 * 365 * DAY);
    const published = this.rnd() < 0.85;
    const rated = this.rnd() < 0.6;
    const id = this.id('c', i);
    const episodes: Value[][] = [];
    let duration = 0;
    for (let p = 1; p <= episodeCount; p++) {
      const seconds = 120 + Math.floor(this.rnd() * 1680);
      duration += seconds;
      const at = new Date(created + p * 3_600_000).toISOString();
      episodes.push([this.id('e', this.episodeNo++), id, `Lesson ${p}: ${subject} in practice`, seconds, p, at]);
    }
    const createdIso = new Date(created).toISOString();
    const course = [
      id,
      `${this.pick(LEVELS)} ${subject} for ${place}`,
      `Learn ${subject.toLowerCase()} step by step with examples from ${place}. Short lessons that work on a phone and on mobile data.`,
      this.rnd() < 0.08 ? 0 : 200 + Math.floor(this.rnd() * 80) * 100,
      category,
      published,
      published && this.rnd() < 0.02,
      creator[0]!,
      creator[1]!,
      Math.floor(Math.exp(this.rnd() * 8)) - 1,
      episodeCount,
      rated ? Math.round((3 + this.rnd() * 2) * 10) / 10 : null,
      rated ? 1 + Math.floor(this.rnd() * 200) : 0,
      duration,
      createdIso,
      createdIso,
      published ? new Date(created + Math.floor(this.rnd() * DAY)).toISOString() : null,
    ];
    return { course, episodes };
  }
}

/** SQLite's default 2 MB page cache thrashes on the indexes of a million rows: widen it for the load. */
async function withLoadCache<T>(db: Kysely<DB>, dialect: DialectName, fn: () => Promise<T>): Promise<T> {
  if (dialect !== 'sqlite') return fn();
  const before = await sql<{ cache_size: number }>`pragma cache_size`.execute(db);
  await sql`pragma cache_size = -131072`.execute(db);
  try {
    return await fn();
  } finally {
    const size = Math.trunc(Number(before.rows[0]?.cache_size ?? -2000));
    await sql`pragma cache_size = ${sql.raw(String(size))}`.execute(db);
  }
}

/**
 * Loads `courses` courses (default 100,000) and `episodes` episodes (default 1,000,000) with their
 * creators into a migrated database, then refreshes the planner's statistics. Adds to what is there.
 */
export async function loadScaleData(
  db: Kysely<DB>,
  dialect: DialectName,
  opts: ScaleOptions = {},
): Promise<ScaleResult> {
  const nCourses = opts.courses ?? 100_000;
  const nEpisodes = opts.episodes ?? 1_000_000;
  const log = opts.log ?? ((line: string) => console.log(line));
  const started = performance.now();
  const elapsed = () => ((performance.now() - started) / 1000).toFixed(1);
  const make = new RowMaker(nCourses * 31 + nEpisodes);

  const nCreators = Math.max(1, Math.min(2_000, Math.ceil(nCourses / 50)));
  const creators = Array.from({ length: nCreators }, (_, i) => make.creator(i));
  const counts = episodeCounts(nCourses, nEpisodes, make.rnd);
  await withLoadCache(db, dialect, async () => {
    await db.transaction().execute((trx) => insertMany(dialect, 'user', USER_COLUMNS, creators).execute(trx));
    // Courses and their episodes are built and written a chunk at a time, so memory stays flat.
    for (let from = 0; from < nCourses; from += COURSES_PER_CHUNK) {
      const courses: Value[][] = [];
      const episodes: Value[][] = [];
      for (let i = from; i < Math.min(nCourses, from + COURSES_PER_CHUNK); i++) {
        const made = make.course(i, counts[i]!, creators[Math.floor(make.rnd() * nCreators)]!);
        courses.push(made.course);
        episodes.push(...made.episodes);
      }
      await db.transaction().execute(async (trx) => {
        await insertMany(dialect, 'course', COURSE_COLUMNS, courses).execute(trx);
        for (let i = 0; i < episodes.length; i += BATCH_ROWS) {
          await insertMany(dialect, 'episode', EPISODE_COLUMNS, episodes.slice(i, i + BATCH_ROWS)).execute(trx);
        }
      });
      const done = from + courses.length;
      if (done % (COURSES_PER_CHUNK * 4) === 0 || done === nCourses) {
        log(`scale data: ${done}/${nCourses} courses, ${make.episodeNo} episodes, ${elapsed()} s`);
      }
    }
  });
  // Fresh statistics, so the planner sees the loaded sizes at once. On PostgreSQL also the visibility map
  // that autovacuum builds a while after a bulk load: without it no index-only scan (decision 0049) is
  // possible, and the figures would be those of the minutes after a load, not of a running site.
  await (dialect === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(db);
  const seconds = Math.round(performance.now() - started) / 1000;
  log(`scale data: ${nCourses} courses and ${nEpisodes} episodes loaded on ${dialect} in ${seconds.toFixed(1)} s`);
  return { creators: nCreators, courses: nCourses, episodes: nEpisodes, seconds };
}

if (import.meta.main) {
  const [courses, episodes] = process.argv.slice(2).map(Number);
  const config = loadConfig();
  const database = connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  await migrateToLatest(database);
  await loadScaleData(database.db, database.dialect, {
    ...(courses ? { courses } : {}),
    ...(episodes ? { episodes } : {}),
  });
  await database.close();
}
