import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { lessonPreviewInput } from '#common/studio/episodeSchema.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { renderMarkdown } from '#server/lib/renderMarkdown.ts';
import { loadManagedCourse } from '../access/loadManagedCourse.ts';

/**
 * A text lesson's Markdown as learners will see it (`input`: the course's id and `body`), for the editor's
 * preview: rendered by the same code as on save, so the preview cannot differ from the page. Nothing is
 * stored; only those who may edit the course may ask.
 */
export async function previewLessonText(services: Services, actor: Actor, input: unknown): Promise<{ html: string }> {
  await loadManagedCourse(services, actor, input);
  const { body } = parseInput(lessonPreviewInput, input);
  return { html: renderMarkdown(body) };
}
