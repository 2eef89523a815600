// Courses, episodes, media assets and enrollments as the studio and the catalogue write them.
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { newId } from '#server/lib/ids.ts';
import { user } from './people.ts';
import { nextSeq, nextTime } from './sequence.ts';

export async function asset(
  db: Kysely<DB>,
  { ownerId, kind, status = 'ready' }: { ownerId: string; kind: 'image' | 'video'; status?: string },
) {
  const at = nextTime();
  const id = newId();
  await db
    .insertInto('mediaAsset')
    .values({ id, ownerId, kind, status, meta: '{}', error: null, createdAt: at, updatedAt: at })
    .execute();
  return id;
}

export type CourseOptions = Partial<Insertable<DB['course']>> & { creator: { id: string; name: string } };

export async function course(db: Kysely<DB>, { creator, ...over }: CourseOptions) {
  const at = nextTime();
  const row: Insertable<DB['course']> & { id: string } = {
    id: newId(),
    title: `Course ${nextSeq()}`,
    description: 'A course',
    price: 1500,
    category: 'business',
    thumbnailId: null,
    trailerId: null,
    published: true,
    featured: false,
    creatorId: creator.id,
    creatorName: creator.name,
    enrolledCount: 0,
    lessonsCount: 0,
    ratingAvg: null,
    ratingCount: 0,
    duration: 0,
    createdAt: at,
    updatedAt: at,
    publishedAt: at,
    ...over,
  };
  await db.insertInto('course').values(row).execute();
  return row;
}

/** A published course (price 1500 unless told) of a creator made for it. */
export async function creatorWithCourse(db: Kysely<DB>, over: Partial<Insertable<DB['course']>> = {}) {
  const creator = await user(db, { role: 'creator' });
  return { creator, course: await course(db, { creator, ...over }) };
}

export async function episode(
  db: Kysely<DB>,
  { courseId, position, ...over }: Partial<Insertable<DB['episode']>> & { courseId: string; position: number },
) {
  const row: Insertable<DB['episode']> & { id: string } = {
    id: newId(),
    courseId,
    title: `Episode ${position}`,
    description: '',
    videoId: null,
    thumbnailId: null,
    duration: 60,
    position,
    createdAt: nextTime(),
    ...over,
  };
  await db.insertInto('episode').values(row).execute();
  return row;
}

/** `userId` enrolled in `courseId` without a payment (as a free course or an admin grant leaves it). */
export async function enrollment(db: Kysely<DB>, { userId, courseId }: { userId: string; courseId: string }) {
  await db
    .insertInto('enrollment')
    .values({ id: newId(), userId, courseId, paymentId: null, createdAt: new Date() })
    .execute();
}
