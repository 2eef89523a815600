// Test data builders: rows as the application writes them, with overridable fields.
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { newId } from '#server/lib/ids.ts';

let seq = 0;
const now = () => new Date(Date.UTC(2026, 0, 1) + ++seq * 1000);

export async function makeUser(db: Kysely<DB>, over: Partial<Insertable<DB['user']>> = {}) {
  const at = now();
  const user: Insertable<DB['user']> & { id: string; name: string } = {
    id: newId(),
    name: `User ${seq}`,
    email: `user${seq}-${newId().toLowerCase()}@example.com`,
    emailVerified: false,
    image: null,
    role: 'creator',
    phone: '+254712345678',
    status: 'active',
    createdAt: at,
    updatedAt: at,
    ...over,
  };
  await db.insertInto('user').values(user).execute();
  return user;
}

export async function makeAsset(db: Kysely<DB>, ownerId: string, kind: 'image' | 'video', status = 'ready') {
  const at = now();
  const id = newId();
  await db
    .insertInto('mediaAsset')
    .values({ id, ownerId, kind, status, meta: '{}', error: null, createdAt: at, updatedAt: at })
    .execute();
  return id;
}

export async function makeCourse(
  db: Kysely<DB>,
  creator: { id: string; name: string },
  over: Partial<Insertable<DB['course']>> = {},
) {
  const at = now();
  const course: Insertable<DB['course']> & { id: string } = {
    id: newId(),
    title: `Course ${seq}`,
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
  await db.insertInto('course').values(course).execute();
  return course;
}

export async function makeEpisode(
  db: Kysely<DB>,
  courseId: string,
  position: number,
  over: Partial<Insertable<DB['episode']>> = {},
) {
  const episode: Insertable<DB['episode']> & { id: string } = {
    id: newId(),
    courseId,
    title: `Episode ${position}`,
    description: '',
    videoId: null,
    thumbnailId: null,
    duration: 60,
    position,
    createdAt: now(),
    ...over,
  };
  await db.insertInto('episode').values(episode).execute();
  return episode;
}

/** `userId` enrolled in `courseId` without a payment (as a free course or an admin grant leaves it). */
export async function enroll(db: Kysely<DB>, userId: string, courseId: string) {
  await db
    .insertInto('enrollment')
    .values({ id: newId(), userId, courseId, paymentId: null, createdAt: new Date() })
    .execute();
}
