import type { Actor } from '#server/core/actor.ts';
import { notFound } from '#server/core/errors.ts';
import type { Services } from '#server/core/services.ts';
import { toBool, toIso, toNum } from '#server/db/values.ts';
import { isId } from '#common/ids.ts';
import { canJoinQuestions, canSeeHiddenQuestions } from '../access/policies.ts';
import { findEpisodeForActor } from '../learning/findEpisodeForActor.ts';

/** The most-voted questions of an episode a page shows: far more than a lesson gathers. */
export const QUESTIONS_SHOWN = 200;

export interface AnswerView {
  id: string;
  body: string;
  authorName: string;
  /** Written by the course's creator: marked "Creator", and listed first. */
  isCreator: boolean;
  mine: boolean;
  /** Shown to admins only, marked. */
  hidden: boolean;
  createdAt: string;
  /** When its author last changed its words (shown "Edited"), or null. */
  editedAt: string | null;
}

export interface QuestionView {
  id: string;
  body: string;
  atSeconds: number | null;
  authorName: string;
  votes: number;
  /** Whether the actor upvoted it. */
  voted: boolean;
  mine: boolean;
  hidden: boolean;
  createdAt: string;
  editedAt: string | null;
  answers: AnswerView[];
}

/**
 * An episode's questions for someone in the course's discussion: most upvoted first (newest first among
 * equals), each with its answers, the creator's first, then oldest first. Hidden ones only for admins.
 */
export async function listEpisodeQuestions(
  services: Services,
  actor: Actor,
  { episodeId }: { episodeId: string },
): Promise<QuestionView[]> {
  if (!isId(episodeId)) throw notFound('Episode not found.');
  const found = await findEpisodeForActor(services, actor, { episodeId });
  if (!found || !actor || !canJoinQuestions(actor, found.course, found.enrolled)) throw notFound('Episode not found.');
  const { db } = services.database;
  const showHidden = canSeeHiddenQuestions(actor);
  let q = db
    .selectFrom('question')
    .innerJoin('user', 'user.id', 'question.userId')
    .select((eb) => [
      'question.id',
      'question.body',
      'question.atSeconds',
      'question.userId',
      'question.hidden',
      'question.createdAt',
      'question.editedAt',
      'user.name as authorName',
      eb
        .selectFrom('questionVote')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('questionVote.questionId', '=', 'question.id')
        .as('votes'),
      eb
        .exists(
          eb
            .selectFrom('questionVote')
            .select('questionVote.userId')
            .whereRef('questionVote.questionId', '=', 'question.id')
            .where('questionVote.userId', '=', actor.userId),
        )
        .as('voted'),
    ])
    .where('question.episodeId', '=', episodeId);
  if (!showHidden) q = q.where('question.hidden', '=', false);
  const questions = await q
    .orderBy('votes', 'desc')
    .orderBy('question.createdAt', 'desc')
    .orderBy('question.id')
    .limit(QUESTIONS_SHOWN)
    .execute();
  if (questions.length === 0) return [];
  let a = db
    .selectFrom('answer')
    .innerJoin('user', 'user.id', 'answer.userId')
    .select([
      'answer.id',
      'answer.questionId',
      'answer.body',
      'answer.userId',
      'answer.isCreator',
      'answer.hidden',
      'answer.createdAt',
      'answer.editedAt',
      'user.name as authorName',
    ])
    .where(
      'answer.questionId',
      'in',
      questions.map((r) => r.id),
    );
  if (!showHidden) a = a.where('answer.hidden', '=', false);
  const answers = await a
    .orderBy('answer.isCreator', 'desc')
    .orderBy('answer.createdAt')
    .orderBy('answer.id')
    .execute();
  const byQuestion = new Map<string, AnswerView[]>();
  for (const r of answers)
    byQuestion.set(r.questionId, [
      ...(byQuestion.get(r.questionId) ?? []),
      {
        id: r.id,
        body: r.body,
        authorName: r.authorName,
        isCreator: toBool(r.isCreator),
        mine: r.userId === actor.userId,
        hidden: toBool(r.hidden),
        createdAt: toIso(r.createdAt),
        editedAt: r.editedAt === null ? null : toIso(r.editedAt),
      },
    ]);
  return questions.map((r) => ({
    id: r.id,
    body: r.body,
    atSeconds: r.atSeconds === null ? null : toNum(r.atSeconds),
    authorName: r.authorName,
    votes: toNum(r.votes),
    voted: toBool(r.voted),
    mine: r.userId === actor.userId,
    hidden: toBool(r.hidden),
    createdAt: toIso(r.createdAt),
    editedAt: r.editedAt === null ? null : toIso(r.editedAt),
    answers: byQuestion.get(r.id) ?? [],
  }));
}
