import { useId, useState } from 'react';
import { useT } from '#app/i18n/useT.ts';
import { SECTION_TITLE_MAX, type SectionView } from '#common/studio/sections.ts';

/** "Add a section": a name and the button; the new section comes after the last one, empty (decision 0064). */
export function AddSectionForm({ busy, onAdd }: { busy: boolean; onAdd: (title: string) => Promise<boolean> }) {
  const { t } = useT();
  const id = useId();
  const [title, setTitle] = useState('');
  return (
    <form
      className="studio-section-add"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        if (await onAdd(title)) setTitle('');
      }}
    >
      <label className="field" htmlFor={id}>
        <span className="field-label">{t('studio.sections.name')}</span>
        <input
          id={id}
          name="sectionTitle"
          value={title}
          maxLength={SECTION_TITLE_MAX}
          onChange={(e) => setTitle(e.target.value)}
        />
      </label>
      <button type="submit" className="btn btn-light btn-small" disabled={busy}>
        {t('studio.sections.add')}
      </button>
    </form>
  );
}

/** A section's heading in the editor: its name and lesson count, "Rename" (in place) and "Delete". */
export function SectionHeadingRow({
  section,
  lessons,
  busy,
  onRename,
  onDelete,
}: {
  section: SectionView;
  lessons: number;
  busy: boolean;
  onRename: (title: string) => Promise<boolean>;
  onDelete: () => void;
}) {
  const { t } = useT();
  const id = useId();
  const [title, setTitle] = useState<string | null>(null);
  if (title !== null) {
    return (
      <form
        className="studio-section-head studio-section-rename"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          if (await onRename(title)) setTitle(null);
        }}
      >
        <label className="field" htmlFor={id}>
          <span className="field-label">{t('studio.sections.renameLabel', { title: section.title })}</span>
          <input
            id={id}
            name="sectionTitle"
            value={title}
            maxLength={SECTION_TITLE_MAX}
            onChange={(e) => setTitle(e.target.value)}
            // biome-ignore lint/a11y/noAutofocus: the field the creator just asked to edit
            autoFocus
          />
        </label>
        <span className="studio-episode-actions">
          <button type="submit" className="btn btn-light btn-small" disabled={busy}>
            {t('studio.sections.save')}
          </button>
          <button type="button" className="btn btn-ghost btn-small" onClick={() => setTitle(null)}>
            {t('studio.sections.cancel')}
          </button>
        </span>
      </form>
    );
  }
  return (
    <div className="studio-section-head">
      <div>
        <h3 id={`studio-section-${section.id}`}>{section.title}</h3>
        <p className="studio-episode-meta">{t('studio.sections.lessons', { count: lessons })}</p>
      </div>
      <span className="studio-episode-actions">
        <button
          type="button"
          className="btn btn-ghost btn-small"
          disabled={busy}
          onClick={() => setTitle(section.title)}
          aria-label={t('studio.sections.renameOne', { title: section.title })}
        >
          {t('studio.sections.rename')}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-small danger"
          disabled={busy}
          onClick={onDelete}
          aria-label={t('studio.sections.deleteOne', { title: section.title })}
        >
          {t('studio.sections.delete')}
        </button>
      </span>
    </div>
  );
}
