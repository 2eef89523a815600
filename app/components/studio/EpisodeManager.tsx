import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { EditorCourse, EditorEpisode } from '#app/server/studio.server.ts';
import { STUDIO_MESSAGES } from '#common/studio/messages.ts';
import { formatDuration } from '#app/lib/format.ts';
import { AssetStatus } from './AssetStatus.tsx';
import { EpisodeCaptions } from './EpisodeCaptions.tsx';
import { LessonResourcesEditor } from './LessonResourcesEditor.tsx';
import { EpisodeForm, type EpisodeValues } from './EpisodeForm.tsx';
import { useT } from '#app/i18n/useT.ts';
import { SaveMessage, type Flash } from './SaveMessage.tsx';
import { studioApi } from './studioApi.ts';
import { draftFromQuiz, emptyQuiz, quizInputFromDraft } from './quizForm.ts';

const toJson = (v: EpisodeValues) => ({
  kind: v.kind,
  title: v.title,
  body: v.body,
  description: v.description,
  videoId: v.video?.id ?? null,
  thumbnailId: v.thumbnail?.id ?? null,
  pdfId: v.kind === 'pdf' ? (v.pdf?.id ?? null) : null,
  quiz: v.kind === 'quiz' ? quizInputFromDraft(v.quiz) : null,
});

/** The episodes of a saved course: numbered list with edit, reorder and delete, and the add form. */
export function EpisodeManager({ course }: { course: EditorCourse }) {
  const { t } = useT();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [flash, setFlash] = useState<Flash>(null);
  const base = `/courses/${course.id}/episodes`;

  async function run(action: () => Promise<unknown>, success: string | null, failure: string) {
    setBusy(true);
    setFlash(null);
    try {
      await action();
      if (success) setFlash({ kind: 'success', text: success });
    } catch (err) {
      setFlash({ kind: 'error', text: err instanceof Error ? err.message : failure });
    } finally {
      setBusy(false);
      await revalidator.revalidate();
    }
  }

  function move(index: number, by: -1 | 1) {
    const ids = course.episodes.map((e) => e.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    void run(
      () =>
        studioApi(
          `${base}/order`,
          { method: 'PUT', json: { episodeIds: ids } },
          'Failed to reorder episodes. Please try again.',
        ),
      null,
      'Failed to reorder episodes. Please try again.',
    );
  }

  function remove(e: EditorEpisode) {
    if (!window.confirm(t(STUDIO_MESSAGES.episodeDeleteConfirm))) return;
    void run(
      () => studioApi(`${base}/${e.id}`, { method: 'DELETE' }, STUDIO_MESSAGES.episodeDeleteFailed),
      STUDIO_MESSAGES.episodeDeleted,
      STUDIO_MESSAGES.episodeDeleteFailed,
    );
  }

  async function preview(body: string) {
    const r = await studioApi<{ html: string }>(
      `/courses/${course.id}/lesson-preview`,
      { method: 'POST', json: { body } },
      STUDIO_MESSAGES.previewFailed,
    );
    return r.html;
  }

  async function add(values: EpisodeValues) {
    await studioApi(base, { method: 'POST', json: toJson(values) }, STUDIO_MESSAGES.episodeAddFailed);
    await revalidator.revalidate();
    return STUDIO_MESSAGES.episodeAdded;
  }

  async function save(e: EditorEpisode, values: EpisodeValues) {
    await studioApi(`${base}/${e.id}`, { method: 'PUT', json: toJson(values) }, STUDIO_MESSAGES.episodeSaveFailed);
    setEditing(null);
    await revalidator.revalidate();
    return STUDIO_MESSAGES.episodeSaved;
  }

  const last = course.episodes.length - 1;
  return (
    <section className="studio-section" aria-labelledby="episodes-heading">
      <h2 id="episodes-heading">{t('studio.episodes.title', { count: course.episodes.length })}</h2>
      <SaveMessage flash={flash} />
      {course.episodes.length === 0 ? <p className="empty-hint">{t('studio.episodes.empty')}</p> : null}
      <ol className="studio-episodes">
        {course.episodes.map((e, i) => (
          <li key={e.id} className="studio-episode">
            {editing === e.id ? (
              <EpisodeForm
                initial={{
                  kind: e.kind,
                  title: e.title,
                  body: e.body,
                  description: e.description,
                  video: e.video,
                  thumbnail: e.thumbnail,
                  pdf: e.pdf,
                  quiz: e.quiz ? draftFromQuiz(e.quiz) : emptyQuiz(),
                }}
                preview={preview}
                submitLabel={t('studio.episodes.save')}
                onSubmit={(v) => save(e, v)}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <>
                <div className="studio-episode-info">
                  <span className="studio-episode-order">{e.order}</span>
                  <div>
                    <h3>{e.title}</h3>
                    <p className="studio-episode-meta">
                      <span className={`studio-episode-kind ${e.kind}`}>{t(`studio.episodes.kind.${e.kind}`)}</span>
                      {e.kind === 'quiz' ? (
                        t('studio.episodes.questions', { count: e.quiz?.questions.length ?? 0 })
                      ) : e.kind === 'text' || e.kind === 'pdf' ? null : (
                        <>
                          {formatDuration(e.duration)} ·{' '}
                          {e.video ? (
                            <AssetStatus asset={e.video} onChange={() => void revalidator.revalidate()} />
                          ) : (
                            t('studio.episodes.noVideo')
                          )}
                        </>
                      )}
                    </p>
                  </div>
                </div>
                <div className="studio-episode-actions">
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    disabled={busy || i === 0}
                    onClick={() => move(i, -1)}
                    aria-label={t('studio.episodes.up', { n: e.order })}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    disabled={busy || i === last}
                    onClick={() => move(i, 1)}
                    aria-label={t('studio.episodes.down', { n: e.order })}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    disabled={busy}
                    onClick={() => setEditing(e.id)}
                  >
                    {t('studio.episodes.edit')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-small danger"
                    disabled={busy}
                    onClick={() => remove(e)}
                    aria-label={t('studio.episodes.deleteOne', { n: e.order })}
                  >
                    {t('studio.episodes.delete')}
                  </button>
                </div>
                {e.kind !== 'video' ? null : (
                  <EpisodeCaptions courseId={course.id} episode={e} onChange={() => revalidator.revalidate()} />
                )}
                <LessonResourcesEditor courseId={course.id} episode={e} onChange={() => revalidator.revalidate()} />
              </>
            )}
          </li>
        ))}
      </ol>
      <h3 className="studio-subheading">{t('studio.episodes.add')}</h3>
      <EpisodeForm submitLabel={t('studio.episodes.add')} onSubmit={add} preview={preview} />
    </section>
  );
}
