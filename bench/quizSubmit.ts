// Issue 26: a quiz answered on a phone is scored on the server, so "Submit answers" waits for one request.
// Learners submit whole attempts (ten questions, unlimited attempts) to the built server, several at once,
// and the p95 of POST /api/learning/quiz-attempts is compared with the same learners' progress reports on
// the same lesson (POST /api/learning/progress: signed in, the same access check, one small write), sent
// the same way in the same run. BENCH_QUIZ_DATABASE_URL runs it on PostgreSQL instead of SQLite.
import { connectDatabase } from '#server/db/connect.ts';
import { newId } from '#server/lib/ids.ts';
import { readQuizQuestions } from '#server/modules/learning/quiz/readQuizQuestions.ts';
import { make } from '#tests/support/factories/index.ts';
import { answersTo, sampleQuiz } from '#tests/support/quizzes.ts';
import { BUNDLE, spawnServer } from './lib/builtServer.ts';
import { registerLearner, signUpByEmail } from './lib/registerLearner.ts';
import { compared, percentile, round } from './lib/stats.ts';
import type { Benchmark, Figure } from './lib/types.ts';

/** p95 of a submission at most this many times a progress report's: scoring ten answers is cheap. */
const GOAL_RATIO = 2;

/** Ten questions: the sample's four types, repeated. */
function tenQuestions() {
  const four = sampleQuiz().questions;
  return Array.from({ length: 10 }, (_, i) => ({ ...four[i % 4]!, prompt: `${four[i % 4]!.prompt} (${i + 1})` }));
}

export const benchmark: Benchmark = {
  name: 'quiz-submit',
  description: 'quiz attempts submitted by learners at once: p95 vs progress reports on the same lesson',
  async run({ quick, log }): Promise<Figure[]> {
    const learners = 8;
    const perLearner = quick ? 15 : 60;
    const databaseUrl = process.env.BENCH_QUIZ_DATABASE_URL;
    const server = await spawnServer(BUNDLE, {
      DEMO_DATA: 'false',
      JOB_CONCURRENCY: '0',
      AUTH_LIMIT_PER_IP: '0',
      AUTH_LIMIT_PER_ACCOUNT: '0',
      OTP_SEND_LIMIT_PER_IP: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const database = connectDatabase({ dataDir: server.dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
    try {
      const origin = new URL(server.url).origin;
      const stamp = Date.now();
      const creatorCookie = await signUpByEmail(server, {
        name: 'Bench Creator',
        email: `bench.quiz.${stamp}@example.com`,
        password: 'secret1',
        phone: '+254 712345678',
        role: 'creator',
      });
      const creator = await database.db
        .selectFrom('user')
        .select(['id', 'name'])
        .where('email', '=', `bench.quiz.${stamp}@example.com`)
        .executeTakeFirstOrThrow();
      const courseId = (await make.course(database.db, { creator })).id;
      const added = await fetch(`${server.url}/api/studio/courses/${courseId}/episodes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, cookie: creatorCookie },
        body: JSON.stringify({
          kind: 'quiz',
          title: 'Quiz',
          quiz: { passMark: 70, maxAttempts: null, questions: tenQuestions() },
        }),
      });
      if (added.status !== 201) throw new Error(`add quiz: ${added.status} ${await added.text()}`);
      const { id: episodeId } = (await added.json()) as { id: string };
      const row = await database.db
        .selectFrom('quiz')
        .select('questions')
        .where('episodeId', '=', episodeId)
        .executeTakeFirstOrThrow();
      const questions = readQuizQuestions(row.questions);

      log(`registering ${learners} learners`);
      const cookies = await Promise.all(
        Array.from({ length: learners }, (_, i) =>
          registerLearner(server, {
            name: `Learner ${i}`,
            email: `quiz${i}.${stamp}@example.com`,
            phone: '+254712345678',
          }),
        ),
      );
      const ids = await database.db
        .selectFrom('user')
        .select('id')
        .where('email', 'like', `quiz%.${stamp}@example.com`)
        .execute();
      for (const { id } of ids) await make.enrollment(database.db, { userId: id, courseId });

      /** Each learner sends `perLearner` requests one after another, all learners at once: times in ms. */
      const load = async (request: (cookie: string, i: number) => Promise<Response>, expected: number) => {
        const ms: number[] = [];
        await Promise.all(
          cookies.map(async (cookie) => {
            for (let i = 0; i < perLearner; i++) {
              const t0 = performance.now();
              const res = await request(cookie, i);
              await res.arrayBuffer();
              if (res.status !== expected) throw new Error(`${res.url}: ${res.status}`);
              ms.push(performance.now() - t0);
            }
          }),
        );
        return ms;
      };
      const post = (path: string, cookie: string, body: unknown) =>
        fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin, cookie },
          body: JSON.stringify(body),
        });
      const progress = (cookie: string, i: number) =>
        post('/api/learning/progress', cookie, { episodeId, position: i });
      const attempt = (cookie: string, i: number) =>
        post('/api/learning/quiz-attempts', cookie, {
          attemptId: `bench-${newId()}`,
          episodeId,
          answers: answersTo(questions, i % 2 === 0),
        });

      // Warm both paths (code, statements, caches), then measure each in turn.
      await load(progress, 200);
      const progressMs = await load(progress, 200);
      await load(attempt, 200);
      const attemptMs = await load(attempt, 200);
      const stored = await database.db
        .selectFrom('quizAttempt')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('episodeId', '=', episodeId)
        .executeTakeFirstOrThrow();
      log(
        `${learners} learners × ${perLearner} requests each, on ${databaseUrl ? 'PostgreSQL' : 'SQLite'}; ` +
          `${Number(stored.n)} attempts stored; progress p50 ${round(percentile(progressMs, 50))} ms, ` +
          `quiz p50 ${round(percentile(attemptMs, 50))} ms`,
      );
      if (Number(stored.n) !== 2 * learners * perLearner) throw new Error(`attempts stored: ${stored.n}`);
      return [
        compared(
          `quiz submission p95 (10 questions, ${learners} learners at once)`,
          percentile(attemptMs, 95),
          'ms',
          { label: 'a progress report on the same lesson, p95', value: percentile(progressMs, 95) },
          { text: `≤ ${GOAL_RATIO}× the reference`, met: (_v, ratio) => ratio <= GOAL_RATIO },
        ),
      ];
    } finally {
      await database.close();
      await server.stop();
    }
  },
};
