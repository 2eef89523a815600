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
import { SECTION_MESSAGES, type SectionView } from '#common/studio/sections.ts';
import { AddSectionForm, GroupMoveButtons, SectionHeadingRow, UnsectionedHeadingRow } from './SectionControls.tsx';
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

/**
 * The episodes of a saved course: numbered list with edit, reorder and delete, grouped under their sections
 * (add, rename, delete a section, move a lesson into one; decision 0064), and the add form.
 */
export function EpisodeManager({ course }: { course: EditorCourse }) {
  const { t } = useT();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [flash, setFlash] = useState<Flash>(null);
  const base = `/courses/${course.id}/episodes`;

  async function run(action: () => Promise<unknown>, success: string | null, failure: string): Promise<boolean> {
    setBusy(true);
    setFlash(null);
    try {
      await action();
      if (success) setFlash({ kind: 'success', text: success });
      return true;
    } catch (err) {
      setFlash({ kind: 'error', text: err instanceof Error ? err.message : failure });
      return false;
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

  /** A section's change (add, rename, delete, a lesson moved into it): saved at once, then the page reloads its data. */
  const sectionCall = (path: string, init: { method: string; json?: unknown }, success: string, failure: string) =>
    run(() => studioApi(path, init, failure), success, failure);
  const addSection = (title: string) =>
    sectionCall(
      `/courses/${course.id}/sections`,
      { method: 'POST', json: { title } },
      SECTION_MESSAGES.sectionAdded,
      SECTION_MESSAGES.sectionSaveFailed,
    );
  const renameSection = (s: SectionView, title: string) =>
    sectionCall(
      `/courses/${course.id}/sections/${s.id}`,
      { method: 'PUT', json: { title } },
      SECTION_MESSAGES.sectionRenamed,
      SECTION_MESSAGES.sectionSaveFailed,
    );
  function deleteSection(s: SectionView) {
    if (!window.confirm(t(SECTION_MESSAGES.sectionDeleteConfirm))) return;
    void sectionCall(
      `/courses/${course.id}/sections/${s.id}`,
      { method: 'DELETE' },
      SECTION_MESSAGES.sectionDeleted,
      SECTION_MESSAGES.sectionDeleteFailed,
    );
  }
  /**
   * Moves a group (a section, or `null`: the lessons without a section) one place up or down. With no
   * lessons without a section, their (unseen) place stays where it is and the sections move around it.
   */
  function moveGroup(id: string | null, by: -1 | 1) {
    const shown = groups.filter((g) => g !== null || ungrouped.length);
    const i = shown.indexOf(id);
    [shown[i], shown[i + by]] = [shown[i + by]!, shown[i]!];
    if (!ungrouped.length) shown.splice(Math.min(course.unsectionedAt, shown.length), 0, null);
    void sectionCall(
      `/courses/${course.id}/section-order`,
      { method: 'PUT', json: { order: shown } },
      SECTION_MESSAGES.sectionsMoved,
      SECTION_MESSAGES.sectionMoveFailed,
    );
  }
  const moveToSection = (e: EditorEpisode, sectionId: string) =>
    void sectionCall(
      `${base}/${e.id}/section`,
      { method: 'PUT', json: { sectionId: sectionId || null } },
      SECTION_MESSAGES.lessonMoved,
      SECTION_MESSAGES.lessonMoveFailed,
    );

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
  // Lessons before the first heading: all of them in a course without sections.
  const known = new Set(course.sections.map((sec) => sec.id));
  const ungrouped = course.episodes.filter((e) => !e.sectionId || !known.has(e.sectionId));
  // The groups in order: the sections, with the lessons without a section (null) where the creator put them.
  const groups: (string | null)[] = course.sections.map((sec) => sec.id);
  groups.splice(course.unsectionedAt, 0, null);
  const shownGroups = groups.filter((g) => g !== null || ungrouped.length);
  const moveButtons = (id: string | null, title: string) => (
    <GroupMoveButtons
      title={title}
      busy={busy}
      first={shownGroups[0] === id}
      last={shownGroups.at(-1) === id}
      onMove={(by) => moveGroup(id, by)}
    />
  );
  /** One lesson of the editor's list (`i`: its index in the whole course). */
  const lessonItem = (e: EditorEpisode) => {
    const i = course.episodes.indexOf(e);
    // Under a heading (h3: a section's, or "Lessons without a section" once there are sections), a lesson's
    // title is a level below.
    const Title = course.sections.length ? 'h4' : 'h3';
    return (
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
                <Title>{e.title}</Title>
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
                disabled={busy || i === 0 || course.episodes[i - 1]!.sectionId !== e.sectionId}
                onClick={() => move(i, -1)}
                aria-label={t('studio.episodes.up', { n: e.order })}
              >
                ↑
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-small"
                disabled={busy || i === last || course.episodes[i + 1]!.sectionId !== e.sectionId}
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
            {course.sections.length ? (
              <label className="field studio-lesson-section">
                <span className="field-label">{t('studio.sections.lessonSection', { n: e.order })}</span>
                <select value={e.sectionId ?? ''} disabled={busy} onChange={(ev) => moveToSection(e, ev.target.value)}>
                  <option value="">{t('studio.sections.none')}</option>
                  {course.sections.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.title}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <LessonResourcesEditor courseId={course.id} episode={e} onChange={() => revalidator.revalidate()} />
          </>
        )}
      </li>
    );
  };

  /** A section of the editor's list: its heading row (with ↑/↓) and its lessons. */
  const sectionGroup = (sec: SectionView) => {
    const lessons = course.episodes.filter((e) => e.sectionId === sec.id);
    return (
      <section key={sec.id} className="studio-section-group" aria-labelledby={`studio-section-${sec.id}`}>
        <SectionHeadingRow
          section={sec}
          lessons={lessons.length}
          busy={busy}
          onRename={(title) => renameSection(sec, title)}
          onDelete={() => deleteSection(sec)}
          move={moveButtons(sec.id, sec.title)}
        />
        {lessons.length ? (
          <ol className="studio-episodes" start={lessons[0]!.order}>
            {lessons.map(lessonItem)}
          </ol>
        ) : (
          <p className="empty-hint">{t('studio.sections.empty')}</p>
        )}
      </section>
    );
  };

  return (
    <section className="studio-section" aria-labelledby="episodes-heading">
      <h2 id="episodes-heading">{t('studio.episodes.title', { count: course.episodes.length })}</h2>
      <SaveMessage flash={flash} />
      {course.episodes.length === 0 ? <p className="empty-hint">{t('studio.episodes.empty')}</p> : null}
      {course.sections.length === 0 && ungrouped.length ? (
        <ol className="studio-episodes">{ungrouped.map(lessonItem)}</ol>
      ) : null}
      {course.sections.length === 0
        ? null
        : shownGroups.map((id) => {
            const sec = course.sections.find((s) => s.id === id);
            if (!sec)
              return (
                <section key="none" className="studio-section-group" aria-labelledby="studio-section-none">
                  <UnsectionedHeadingRow
                    lessons={ungrouped.length}
                    move={moveButtons(null, t('studio.sections.unsectioned'))}
                  />
                  <ol className="studio-episodes" start={ungrouped[0]!.order}>
                    {ungrouped.map(lessonItem)}
                  </ol>
                </section>
              );
            return sectionGroup(sec);
          })}
      <h3 className="studio-subheading">{t('studio.sections.title')}</h3>
      <p className="field-hint">{t('studio.sections.hint')}</p>
      <AddSectionForm busy={busy} onAdd={addSection} />
      <h3 className="studio-subheading">{t('studio.episodes.add')}</h3>
      <EpisodeForm submitLabel={t('studio.episodes.add')} onSubmit={add} preview={preview} />
    </section>
  );
}
