import { describe, expect, it } from 'vitest';
import { canReviewCourse, canWatchVideo, hasCourseAccess } from './policies.ts';
import type { Actor } from '#server/core/actor.ts';

const owner: Actor = { userId: 'owner', role: 'creator' };
const other: Actor = { userId: 'other', role: 'creator' };
const learner: Actor = { userId: 'learner', role: 'customer' };
const admin: Actor = { userId: 'admin', role: 'admin' };
const published = { creatorId: 'owner', published: true };
const draft = { creatorId: 'owner', published: false };

describe('watching and reviewing', () => {
  it('lets everyone watch the trailer and episode 1 of a published course, nothing of a draft', () => {
    for (const a of [null, learner, other]) {
      expect(canWatchVideo(a, published, { episode: null }, false)).toBe(true);
      expect(canWatchVideo(a, published, { episode: 1 }, false)).toBe(true);
      expect(canWatchVideo(a, published, { episode: 2 }, false)).toBe(false);
      expect(canWatchVideo(a, draft, { episode: 1 }, false)).toBe(false);
    }
  });

  it('opens every episode to enrolled learners, the creator and admins', () => {
    expect(canWatchVideo(learner, published, { episode: 7 }, true)).toBe(true);
    expect(canWatchVideo(learner, draft, { episode: 7 }, true)).toBe(true); // lifetime access
    expect(canWatchVideo(owner, draft, { episode: 7 }, false)).toBe(true);
    expect(canWatchVideo(admin, draft, { episode: 7 }, false)).toBe(true);
    expect(canWatchVideo(null, published, { episode: 7 }, true)).toBe(false);
    expect(hasCourseAccess(other, published, false)).toBe(false);
  });

  it('lets only enrolled customers review, never the creator', () => {
    expect(canReviewCourse(learner, published, true)).toBe(true);
    expect(canReviewCourse(learner, published, false)).toBe(false);
    expect(canReviewCourse(owner, published, true)).toBe(false);
    expect(canReviewCourse(admin, published, true)).toBe(false);
    expect(canReviewCourse(null, published, true)).toBe(false);
  });
});
