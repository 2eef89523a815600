import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  answerInputSchema,
  askInputSchema,
  editBodySchemas,
  type QuestionItemKind,
  reportInputSchema,
  voteInputSchema,
} from '#common/questions/questionSchemas.ts';
import { answerQuestion } from '../modules/questions/answerQuestion.ts';
import { askQuestion } from '../modules/questions/askQuestion.ts';
import { deleteQuestionItem } from '../modules/questions/deleteQuestionItem.ts';
import { editQuestionItem } from '../modules/questions/editQuestionItem.ts';
import { listEpisodeQuestions } from '../modules/questions/listEpisodeQuestions.ts';
import { reportQuestionItem } from '../modules/questions/reportQuestionItem.ts';
import { voteOnQuestion } from '../modules/questions/voteOnQuestion.ts';
import { DomainError } from '../core/errors.ts';
import type { AppEnv } from './honoEnv.ts';
import { jsonBody } from './jsonBody.ts';

/**
 * Room for the longest answer in any script (5,000 characters of up to 3 UTF-8 bytes each, escaped), so an
 * over-long question or answer is refused by its schema, with the words of the form, rather than by size.
 */
const text = bodyLimit({
  maxSize: 32 * 1024,
  onError: () => {
    throw new DomainError('too_large', 'Request too large.');
  },
});

/** Where its author edits (PATCH) or deletes (DELETE) a question or an answer. */
const ITEM_PATHS: [QuestionItemKind, string][] = [
  ['question', '/:id'],
  ['answer', '/answers/:id'],
];

/** A lesson's questions and answers on the learning page: ask, answer, upvote, report; edit or delete one's own. */
export function questionRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const { services, actor } = c.var.ctx;
    c.header('cache-control', 'no-store');
    return c.json(await listEpisodeQuestions(services, actor, { episodeId: c.req.query('episodeId') ?? '' }));
  });
  app.post('/', text, jsonBody(askInputSchema), async (c) => {
    const { services, actor } = c.var.ctx;
    const asked = await askQuestion(services, actor, c.req.valid('json'));
    services.catalogChanged(); // the course page shows each lesson's count
    return c.json(asked, 201);
  });
  app.post('/:id/answers', text, jsonBody(answerInputSchema.pick({ body: true })), async (c) => {
    const { services, actor } = c.var.ctx;
    const input = { ...c.req.valid('json'), questionId: c.req.param('id') };
    return c.json(await answerQuestion(services, actor, input), 201);
  });
  app.put('/:id/vote', text, jsonBody(voteInputSchema.pick({ voted: true })), async (c) => {
    const { services, actor } = c.var.ctx;
    return c.json(await voteOnQuestion(services, actor, { ...c.req.valid('json'), questionId: c.req.param('id') }));
  });
  app.post('/reports', text, jsonBody(reportInputSchema), async (c) => {
    const { services, actor } = c.var.ctx;
    return c.json(await reportQuestionItem(services, actor, c.req.valid('json')), 201);
  });
  for (const [kind, path] of ITEM_PATHS) {
    app.patch(path, text, jsonBody(editBodySchemas[kind]), async (c) => {
      const { services, actor } = c.var.ctx;
      const input = { ...c.req.valid('json'), kind, itemId: c.req.param('id') };
      return c.json(await editQuestionItem(services, actor, input));
    });
    app.delete(path, async (c) => {
      const { services, actor } = c.var.ctx;
      return c.json(await deleteQuestionItem(services, actor, { kind, itemId: c.req.param('id') }));
    });
  }
  return app;
}
