import '#app/styles/lessonFiles.css';
import { useId, useState } from 'react';
import type { AssetView, EditorEpisode } from '#app/server/studio.server.ts';
import { useT } from '#app/i18n/useT.ts';
import { formatFileSize } from '#common/learning/fileSize.ts';
import { LESSON_FILE_MESSAGES, RESOURCE_NAME_MAX } from '#common/studio/lessonFiles.ts';
import { RESOURCES_PER_LESSON } from '#common/uploads/uploadRules.ts';
import { FILE_TYPE_KEY } from '../lessons/LessonResources.tsx';
import { SaveMessage, type Flash } from './SaveMessage.tsx';
import { studioApi } from './studioApi.ts';
import { UploadField } from './UploadField.tsx';

/** A file name without its extension, as a first guess at the name learners see. */
const nameOf = (fileName: string | null) => (fileName ?? '').replace(/\.[a-z0-9]{1,5}$/i, '');

/**
 * The files attached to a saved lesson (decision 0060): each with ↑/↓, "Rename" (in place) and "Remove"
 * (decision 0069), then an upload (PDF, image or ZIP), the name learners will see and "Add file". Saved at
 * once, apart from the lesson's form.
 */
export function LessonResourcesEditor({
  courseId,
  episode,
  onChange,
}: {
  courseId: string;
  episode: EditorEpisode;
  onChange: () => Promise<void>;
}) {
  const { t } = useT();
  const nameId = useId();
  const [file, setFile] = useState<AssetView | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [flash, setFlash] = useState<Flash>(null);
  // The file being renamed, and the name as typed.
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const renameId = useId();
  // Bumped after an add, so the picker starts afresh.
  const [generation, setGeneration] = useState(0);
  const base = `/courses/${courseId}/episodes/${episode.id}/resources`;
  const full = episode.resources.length >= RESOURCES_PER_LESSON;

  async function run(action: () => Promise<unknown>, success: string, failure: string): Promise<boolean> {
    setBusy(true);
    setFlash(null);
    try {
      await action();
      setFlash({ kind: 'success', text: success });
      return true;
    } catch (err) {
      setFlash({ kind: 'error', text: err instanceof Error ? err.message : failure });
      return false;
    } finally {
      setBusy(false);
      await onChange();
    }
  }

  async function add(e: React.FormEvent) {
    e.preventDefault();
    if (!file) return setFlash({ kind: 'error', text: LESSON_FILE_MESSAGES.resourceRequired });
    if (!name.trim()) return setFlash({ kind: 'error', text: LESSON_FILE_MESSAGES.resourceNameRequired });
    const ok = await run(
      () =>
        studioApi(base, { method: 'POST', json: { assetId: file.id, name } }, LESSON_FILE_MESSAGES.resourceAddFailed),
      LESSON_FILE_MESSAGES.resourceAdded,
      LESSON_FILE_MESSAGES.resourceAddFailed,
    );
    if (ok) {
      setFile(null);
      setName('');
      setGeneration((g) => g + 1);
    }
  }

  function remove(id: string) {
    if (!window.confirm(t(LESSON_FILE_MESSAGES.resourceDeleteConfirm))) return;
    void run(
      () => studioApi(`${base}/${id}`, { method: 'DELETE' }, LESSON_FILE_MESSAGES.resourceDeleteFailed),
      LESSON_FILE_MESSAGES.resourceDeleted,
      LESSON_FILE_MESSAGES.resourceDeleteFailed,
    );
  }

  function move(index: number, by: -1 | 1) {
    const ids = episode.resources.map((r) => r.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    void run(
      () =>
        studioApi(
          `${base}/order`,
          { method: 'PUT', json: { resourceIds: ids } },
          LESSON_FILE_MESSAGES.resourceSaveFailed,
        ),
      LESSON_FILE_MESSAGES.resourcesReordered,
      LESSON_FILE_MESSAGES.resourceSaveFailed,
    );
  }

  async function rename(e: React.FormEvent) {
    e.preventDefault();
    if (!renaming) return;
    const ok = await run(
      () =>
        studioApi(
          `${base}/${renaming.id}`,
          { method: 'PUT', json: { name: renaming.name } },
          LESSON_FILE_MESSAGES.resourceSaveFailed,
        ),
      LESSON_FILE_MESSAGES.resourceRenamed,
      LESSON_FILE_MESSAGES.resourceSaveFailed,
    );
    if (ok) setRenaming(null);
  }

  const last = episode.resources.length - 1;
  return (
    <div className="studio-resources">
      <h4 className="studio-captions-heading">
        {t('studio.resources.title')}{' '}
        <small>{t('studio.resources.count', { count: episode.resources.length, max: RESOURCES_PER_LESSON })}</small>
      </h4>
      {episode.resources.length ? (
        <ul>
          {episode.resources.map((r, i) =>
            renaming?.id === r.id ? (
              <li key={r.id} className="studio-resource">
                <form className="studio-resource-rename" onSubmit={rename} noValidate>
                  <label className="field" htmlFor={renameId}>
                    <span className="field-label">{t('studio.resources.renameLabel', { name: r.name })}</span>
                    <input
                      id={renameId}
                      value={renaming.name}
                      onChange={(e) => setRenaming({ id: r.id, name: e.target.value })}
                      maxLength={RESOURCE_NAME_MAX}
                      name="resourceRename"
                      // biome-ignore lint/a11y/noAutofocus: the field the creator just asked to edit
                      autoFocus
                    />
                  </label>
                  <span className="studio-episode-actions">
                    <button type="submit" className="btn btn-light btn-small" disabled={busy}>
                      {t('studio.sections.save')}
                    </button>
                    <button type="button" className="btn btn-ghost btn-small" onClick={() => setRenaming(null)}>
                      {t('studio.sections.cancel')}
                    </button>
                  </span>
                </form>
              </li>
            ) : (
              <li key={r.id} className="studio-resource">
                <span className="studio-resource-text">
                  <span className="studio-resource-name">{r.name}</span>
                  <small>
                    {t(FILE_TYPE_KEY[r.type])} · {formatFileSize(r.size)}
                  </small>
                </span>
                <span className="studio-episode-actions">
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    disabled={busy || i === 0}
                    onClick={() => move(i, -1)}
                    aria-label={t('studio.resources.up', { name: r.name })}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    disabled={busy || i === last}
                    onClick={() => move(i, 1)}
                    aria-label={t('studio.resources.down', { name: r.name })}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    disabled={busy}
                    onClick={() => setRenaming({ id: r.id, name: r.name })}
                    aria-label={t('studio.resources.renameOne', { name: r.name })}
                  >
                    {t('studio.sections.rename')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-small danger"
                    disabled={busy}
                    onClick={() => remove(r.id)}
                    aria-label={t('studio.resources.removeOne', { name: r.name, n: episode.order })}
                  >
                    {t('studio.upload.remove')}
                  </button>
                </span>
              </li>
            ),
          )}
        </ul>
      ) : null}
      {full ? (
        <p className="studio-resources-full">{t(LESSON_FILE_MESSAGES.tooManyResources)}</p>
      ) : (
        <form className="studio-resource-add" onSubmit={add} noValidate>
          <UploadField
            key={`r-${generation}`}
            kind="resource"
            label={t('studio.resources.file', { n: episode.order })}
            value={file}
            onChange={(a) => {
              setFile(a);
              if (a && !name.trim()) setName(nameOf(a.fileName));
            }}
          />
          <label className="field" htmlFor={nameId}>
            <span className="field-label">{t('studio.resources.name')}</span>
            <input
              id={nameId}
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={RESOURCE_NAME_MAX}
              name="resourceName"
            />
          </label>
          <button type="submit" className="btn btn-light btn-small" disabled={busy || !file || !name.trim()}>
            {t('studio.resources.add')}
          </button>
        </form>
      )}
      <SaveMessage flash={flash} />
    </div>
  );
}
