import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { CATEGORIES } from '#common/catalog/categories.ts';
import { type Translate, useT } from '#app/i18n/useT.ts';
import type { AssetView, EditorCourse } from '#app/server/studio.server.ts';
import { LIMITS, STUDIO_MESSAGES } from '#common/studio/messages.ts';
import { InstalmentsField } from './InstalmentsField.tsx';
import { SaveMessage, type Flash } from './SaveMessage.tsx';
import { studioApi } from './studioApi.ts';
import { UploadField } from './UploadField.tsx';
import { type UploadInProgress, useSaveAfterUploads } from './useSaveAfterUploads.ts';

/** The course fields and "Save Course"; the published toggle persists only here. */
export function CourseForm({ course, initialFlash }: { course: EditorCourse | null; initialFlash: Flash }) {
  const { t } = useT();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [title, setTitle] = useState(course?.title ?? '');
  const [description, setDescription] = useState(course?.description ?? '');
  const [price, setPrice] = useState(String(course?.price ?? 0));
  const [category, setCategory] = useState(course?.category ?? '');
  const [thumbnail, setThumbnail] = useState<AssetView | null>(course?.thumbnail ?? null);
  const [trailer, setTrailer] = useState<AssetView | null>(course?.trailer ?? null);
  const [published, setPublished] = useState(course?.published ?? false);
  const [outcomes, setOutcomes] = useState(course?.outcomes.join('\n') ?? '');
  const [requirements, setRequirements] = useState(course?.requirements.join('\n') ?? '');
  const [instalmentsMax, setInstalmentsMax] = useState(course?.instalmentsMax ?? 0);
  const [saving, setSaving] = useState(false);
  const [flash, setFlash] = useState<Flash>(initialFlash);

  const uploads = useSaveAfterUploads(
    () => void send(),
    // The field's label is already in the page's language.
    (field) => setFlash({ kind: 'error', text: t('studio.form.uploadFailed', { field: field.toLowerCase() }) }),
  );

  function save(e: React.FormEvent) {
    e.preventDefault();
    if (!title.trim() || !description.trim() || !category) {
      setFlash({ kind: 'error', text: STUDIO_MESSAGES.requiredFields });
      return;
    }
    uploads.save();
  }

  async function send() {
    const json = {
      title,
      description,
      price: price.trim() === '' ? 0 : price.trim(),
      category,
      thumbnailId: thumbnail?.id ?? null,
      trailerId: trailer?.id ?? null,
      published,
      // One line per item; the server drops blank lines and refuses too many or too long ones.
      outcomes,
      requirements,
      instalmentsMax,
    };
    setSaving(true);
    setFlash(null);
    try {
      if (course) {
        await studioApi(`/courses/${course.id}`, { method: 'PUT', json }, STUDIO_MESSAGES.courseSaveFailed);
        setFlash({ kind: 'success', text: STUDIO_MESSAGES.courseSaved });
        await revalidator.revalidate();
      } else {
        const { id } = await studioApi<{ id: string }>(
          '/courses',
          { method: 'POST', json },
          STUDIO_MESSAGES.courseSaveFailed,
        );
        await navigate(`/creator/course/${id}`, { replace: true, state: { flash: STUDIO_MESSAGES.courseSaved } });
      }
    } catch (err) {
      setFlash({ kind: 'error', text: err instanceof Error ? err.message : STUDIO_MESSAGES.courseSaveFailed });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="studio-form" onSubmit={save} noValidate>
      <label className="field">
        <span className="field-label">{t('studio.form.title')}</span>
        <input
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={LIMITS.title}
          required
          name="title"
        />
      </label>
      <label className="field">
        <span className="field-label">{t('studio.form.description')}</span>
        <textarea
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={LIMITS.description}
          rows={5}
          required
          name="description"
        />
      </label>
      <FactLinesField label={t('studio.form.outcomes')} name="outcomes" value={outcomes} onChange={setOutcomes} />
      <FactLinesField
        label={t('studio.form.requirements')}
        name="requirements"
        value={requirements}
        onChange={setRequirements}
      />
      <p className="field-hint">{t('studio.form.factsHint', { lines: LIMITS.factLines, chars: LIMITS.factLine })}</p>
      <div className="field-row">
        <label className="field">
          <span className="field-label">{t('studio.form.price')}</span>
          <input
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            inputMode="numeric"
            type="number"
            min={0}
            step={1}
            max={LIMITS.maxPrice}
            name="price"
          />
        </label>
        <label className="field">
          <span className="field-label">{t('studio.form.category')}</span>
          <select value={category} onChange={(e) => setCategory(e.target.value)} required name="category">
            <option value="">{t('studio.form.chooseCategory')}</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`category.${c}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <InstalmentsField value={instalmentsMax} onChange={setInstalmentsMax} />
      <UploadField
        kind="image"
        label={t('studio.form.thumbnail')}
        value={thumbnail}
        onChange={setThumbnail}
        onUploadState={uploads.report}
      />
      <UploadField
        kind="video"
        label={t('studio.form.trailer')}
        value={trailer}
        onChange={setTrailer}
        onUploadState={uploads.report}
      />
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          aria-checked={published}
          checked={published}
          disabled={!course}
          onChange={(e) => setPublished(e.target.checked)}
          name="published"
        />
        <span>{t('studio.status.published')}</span>
      </label>
      <p className="field-hint">{course ? t('studio.form.publishHint') : t('studio.form.draftHint')}</p>
      <SaveMessage flash={uploads.waiting ? waitingFlash(uploads.inProgress, t) : flash} />
      <button type="submit" className="btn btn-primary" disabled={saving || uploads.waiting}>
        {uploads.waiting ? t(STUDIO_MESSAGES.waitingForUpload) : saving ? t('studio.saving') : t('studio.form.save')}
      </button>
    </form>
  );
}

/** A list the course page shows ("What you will learn", "Requirements"), typed one item per line. */
function FactLinesField(props: { label: string; name: string; value: string; onChange: (v: string) => void }) {
  return (
    <label className="field">
      <span className="field-label">{props.label}</span>
      <textarea
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        rows={4}
        name={props.name}
        maxLength={(LIMITS.factLine + 1) * LIMITS.factLines}
      />
    </label>
  );
}

/** "Waiting for upload to finish… Thumbnail 42%, Trailer 7%". */
function waitingFlash(inProgress: UploadInProgress[], t: Translate): Flash {
  const progress = inProgress.map((u) => `${u.field} ${u.percent}%`).join(', ');
  return { kind: 'pending', text: `${t(STUDIO_MESSAGES.waitingForUpload)} ${progress}` };
}
