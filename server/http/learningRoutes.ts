import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { saveProgress } from '../modules/learning/saveProgress.ts';
import { saveReview } from '../modules/learning/saveReview.ts';
import { addNote } from '../modules/learning/notes/addNote.ts';
import { deleteNote } from '../modules/learning/notes/deleteNote.ts';
import { submitQuizAttempt } from '../modules/learning/quiz/submitQuizAttempt.ts';
import { getQuiz } from '../modules/learning/quiz/getQuiz.ts';
import { quizAttemptInput } from '#common/learning/quizAttemptSchema.ts';
import { DomainError } from '../core/errors.ts';
import type { AppEnv } from './honoEnv.ts';
import { jsonBody, objectBody } from './jsonBody.ts';

/** Small JSON bodies only (the progress beacon posts them as text/plain, which jsonBody reads too). */
const small = bodyLimit({
  maxSize: 4096,
  onError: () => {
    throw new DomainError('too_large', 'Request too large.');
  },
});

/** A quiz attempt: at most 50 answers of a few numbers each. */
const attemptSize = bodyLimit({
  maxSize: 32 * 1024,
  onError: () => {
    throw new DomainError('too_large', 'Request too large.');
  },
});

export function learningRoutes() {
  const app = new Hono<AppEnv>();
  app.post('/progress', small, objectBody, async (c) => {
    const { services, actor } = c.var.ctx;
    return c.json(await saveProgress(services, actor, c.req.valid('json')));
  });
  app.post('/notes', small, objectBody, async (c) => {
    const { services, actor } = c.var.ctx;
    return c.json(await addNote(services, actor, c.req.valid('json')), 201);
  });
  app.delete('/notes/:noteId', async (c) => {
    const { services, actor } = c.var.ctx;
    await deleteNote(services, actor, { noteId: c.req.param('noteId') });
    return c.body(null, 204);
  });
  app.get('/quizzes/:episodeId', async (c) => {
    const { services, actor } = c.var.ctx;
    c.header('cache-control', 'no-store');
    return c.json(await getQuiz(services, actor, { episodeId: c.req.param('episodeId') }));
  });
  app.post('/quiz-attempts', attemptSize, jsonBody(quizAttemptInput), async (c) => {
    const { services, actor } = c.var.ctx;
    return c.json(await submitQuizAttempt(services, actor, c.req.valid('json')));
  });
  app.post('/reviews', small, objectBody, async (c) => {
    const { services, actor } = c.var.ctx;
    const result = await saveReview(services, actor, c.req.valid('json'));
    services.catalogChanged(); // ratings show on public pages
    return c.json(result);
  });
  return app;
}
