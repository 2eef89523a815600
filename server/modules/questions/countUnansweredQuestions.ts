import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { toNum } from '#server/db/values.ts';
import { waitingQuestionsInTx } from './waitingQuestionsInTx.ts';

export interface Unanswered {
  /** Visible questions of others in the course without a visible answer of its creator. */
  count: number;
  /** The first episode (by number) that has one, for the link. */
  episode: number;
}

/**
 * The studio's in-app notice (there is no notification centre): per course of the signed-in creator, how
 * many questions still wait for their answer. Anyone else has none.
 */
export async function countUnansweredQuestions(services: Services, actor: Actor): Promise<Record<string, Unanswered>> {
  if (actor?.role !== 'creator') return {};
  const rows = await waitingQuestionsInTx(services.database.db, { creatorId: actor.userId })
    .innerJoin('episode', 'episode.id', 'question.episodeId')
    .select((eb) => ['question.courseId', eb.fn.countAll<number>().as('n'), eb.fn.min('episode.position').as('first')])
    .groupBy('question.courseId')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.courseId, { count: toNum(r.n), episode: toNum(r.first) }]));
}
