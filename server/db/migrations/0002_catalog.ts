import { sql } from 'kysely';
import type { DarasaMigration } from './types.ts';

// Courses, episodes and media assets, with the indexes the catalog rows need: every public row reads
// published courses in one order and stops at 12, so each order has an index starting with `published`.
export const catalog: DarasaMigration = {
  async up(db, _dialect, t) {
    await db.schema
      .createTable('mediaAsset')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('ownerId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('error', 'text')
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .addColumn('updatedAt', t.ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('media_owner').on('mediaAsset').column('ownerId').execute();

    await db.schema
      .createTable('course')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0).check(sql`"price" >= 0`))
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('thumbnailId', 'text', (c) => c.references('mediaAsset.id').onDelete('set null'))
      .addColumn('trailerId', 'text', (c) => c.references('mediaAsset.id').onDelete('set null'))
      .addColumn('published', t.bool, (c) => c.notNull().defaultTo(false))
      .addColumn('featured', t.bool, (c) => c.notNull().defaultTo(false))
      .addColumn('creatorId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('creatorName', 'text', (c) => c.notNull())
      .addColumn('enrolledCount', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('lessonsCount', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ratingAvg', 'real')
      .addColumn('ratingCount', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .addColumn('updatedAt', t.ts, (c) => c.notNull())
      .addColumn('publishedAt', t.ts)
      .execute();
    await db.schema.createIndex('course_pub_created').on('course').columns(['published', 'createdAt']).execute();
    await db.schema
      .createIndex('course_pub_enrolled')
      .on('course')
      .columns(['published', 'enrolledCount', 'createdAt'])
      .execute();
    await db.schema.createIndex('course_pub_publishedat').on('course').columns(['published', 'publishedAt']).execute();
    await db.schema
      .createIndex('course_pub_cat_created')
      .on('course')
      .columns(['published', 'category', 'createdAt'])
      .execute();
    await db.schema.createIndex('course_creator').on('course').columns(['creatorId', 'createdAt']).execute();

    await db.schema
      .createTable('episode')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('courseId', 'text', (c) => c.notNull().references('course.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('videoId', 'text', (c) => c.references('mediaAsset.id').onDelete('set null'))
      .addColumn('thumbnailId', 'text', (c) => c.references('mediaAsset.id').onDelete('set null'))
      .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('createdAt', t.ts, (c) => c.notNull())
      .execute();
    // Unique: two racing adds can never both take the same place in a course.
    await db.schema
      .createIndex('episode_course_position')
      .on('episode')
      .columns(['courseId', 'position'])
      .unique()
      .execute();
    await db.schema.createIndex('episode_video').on('episode').column('videoId').execute();
  },
};
