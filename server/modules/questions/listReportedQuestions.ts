import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { toBool, toIso, toNum } from '#server/db/values.ts';
import type { QuestionItemKind } from '#common/questions/questionSchemas.ts';
import { requireAdmin } from '../access/requireAdmin.ts';
import {
  finishPage,
  keysetClause,
  matchesAny,
  moderationQueueQuery,
  parseListQuery,
  type Page,
} from '../shared/listQuery.ts';

export interface QueuedQuestionItem {
  id: string;
  kind: QuestionItemKind;
  body: string;
  authorName: string;
  courseId: string;
  courseTitle: string;
  /** The episode's number in its course. */
  episode: number;
  reportCount: number;
  hidden: boolean;
  createdAt: string;
}

/**
 * The moderation queue of lessons' discussions: questions and answers someone reported, plus any hidden
 * ones (to restore), in one list, one keyset page at a time (most reported first by default).
 */
export async function listReportedQuestions(
  services: Services,
  actor: Actor,
  input: unknown,
): Promise<Page<QueuedQuestionItem>> {
  requireAdmin(actor);
  const o = parseListQuery(moderationQueueQuery, input);
  const { db } = services.database;
  const questions = db
    .selectFrom('question')
    .select((eb) => [
      'id',
      eb.val('question').as('kind'),
      'id as questionId',
      'userId',
      'body',
      'reportCount',
      'hidden',
      'createdAt',
    ])
    .where((eb) => eb.or([eb('reportCount', '>', 0), eb('hidden', '=', true)]));
  const answers = db
    .selectFrom('answer')
    .select((eb) => [
      'id',
      eb.val('answer').as('kind'),
      'questionId',
      'userId',
      'body',
      'reportCount',
      'hidden',
      'createdAt',
    ])
    .where((eb) => eb.or([eb('reportCount', '>', 0), eb('hidden', '=', true)]));
  const sortColumn = `item.${o.sort}`;
  const k = keysetClause({ ...o, sortColumn, idColumn: 'item.id' });
  let query = db
    .selectFrom(questions.unionAll(answers).as('item'))
    .innerJoin('question', 'question.id', 'item.questionId')
    .innerJoin('course', 'course.id', 'question.courseId')
    .innerJoin('episode', 'episode.id', 'question.episodeId')
    .innerJoin('user', 'user.id', 'item.userId')
    .select([
      'item.id',
      'item.kind',
      'item.body',
      'item.reportCount',
      'item.hidden',
      'item.createdAt',
      'user.name as authorName',
      'course.id as courseId',
      'course.title as courseTitle',
      'episode.position as episode',
    ]);
  if (o.status) query = query.where('item.hidden', '=', o.status === 'hidden');
  if (o.q) query = query.where(matchesAny(['item.body', 'course.title', 'user.name'], o.q));
  if (k.where) query = query.where(k.where);
  const rows = await query
    .orderBy(sortColumn as 'item.createdAt', k.order)
    .orderBy('item.id', k.order)
    .limit(k.limit)
    .execute();
  const page = rows.map((r) => ({
    ...r,
    kind: r.kind as QuestionItemKind,
    episode: toNum(r.episode),
    reportCount: toNum(r.reportCount),
    hidden: toBool(r.hidden),
    createdAt: toIso(r.createdAt),
  }));
  return finishPage(page, { ...o, sortColumn, idColumn: 'id' }, (r) => ({ value: r[o.sort], id: r.id }));
}
