import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { saveProgress } from '../modules/learning/saveProgress.ts';
import { saveReview } from '../modules/learning/saveReview.ts';
import { addNote } from '../modules/learning/notes/addNote.ts';
import { deleteNote } from '../modules/learning/notes/deleteNote.ts';
import { submitQuizAttempt } from '../modules/learning/quiz/submitQuizAttempt.ts';
import { getQuiz } from '../modules/learning/quiz/getQuiz.ts';
import { getLessonFile } from '../modules/learning/getLessonFile.ts';
import { sendStored } from './sendFile.ts';
import { quizAttemptInput } from '#common/learning/quizAttemptSchema.ts';
import { DomainError } from '../core/errors.ts';
import type { AppEnv } from './honoEnv.ts';
import type { Context } from 'hono';
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

/** A name for Content-Disposition: plain ASCII for old clients, the exact name as RFC 5987's filename*. */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * A lesson's PDF or resource (decision 0060), through the lesson's access rule; `?download=1` saves it
 * (attachment), otherwise a PDF opens in the browser (inline). Opening or downloading a PDF lesson's PDF
 * (its first bytes: not every range a viewer asks for) completes the lesson for a signed-in learner.
 */
async function sendLessonFile(c: Context<AppEnv>) {
  const { services, actor } = c.var.ctx;
  const file = await getLessonFile(services, actor, c.req.param());
  const range = c.req.header('range');
  // `?dl=1`: a download for offline use (app/offline/downloader.ts) fetches it; that is not opening it.
  const opened = c.req.query('dl') === undefined;
  if (file.lessonPdf && actor && opened && c.req.method === 'GET' && (!range || /^bytes=0-/.test(range.trim())))
    await saveProgress(services, actor, { episodeId: c.req.param('episodeId'), position: 0 }).catch((err) =>
      services.log.warn({ err }, 'could not mark a PDF lesson as opened'),
    );
  const res = await sendStored(c, services.storage, file.key, 'private, no-cache');
  const inline = file.type === 'pdf' && file.lessonPdf && c.req.query('download') === undefined;
  res.headers.set('content-disposition', disposition(inline ? 'inline' : 'attachment', file.fileName));
  return res;
}

export function learningRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/files/:episodeId/pdf', sendLessonFile);
  app.get('/files/:episodeId/resources/:resourceId', sendLessonFile);
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
