import { type ReactNode, useId, useState } from 'react';
import { useT } from '#app/i18n/useT.ts';
import { SECTION_TITLE_MAX, type SectionView } from '#common/studio/sections.ts';

/** A section's name (at most SECTION_TITLE_MAX characters; the server says so too). */
function SectionNameField({
  label,
  value,
  onChange,
  focus = false,
}: {
  label: string;
  value: string;
  onChange: (title: string) => void;
  /** Focused when it appears (a rename the creator just asked for). */
  focus?: boolean;
}) {
  const id = useId();
  return (
    <label className="field" htmlFor={id}>
      <span className="field-label">{label}</span>
      <input
        id={id}
        name="sectionTitle"
        value={value}
        maxLength={SECTION_TITLE_MAX}
        onChange={(e) => onChange(e.target.value)}
        // biome-ignore lint/a11y/noAutofocus: the field the creator just asked to edit
        autoFocus={focus}
      />
    </label>
  );
}

/** "Add a section": a name and the button; the new section comes after the last one, empty (decision 0064). */
export function AddSectionForm({ busy, onAdd }: { busy: boolean; onAdd: (title: string) => Promise<boolean> }) {
  const { t } = useT();
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
      <SectionNameField label={t('studio.sections.name')} value={title} onChange={setTitle} />
      <button type="submit" className="btn btn-light btn-small" disabled={busy}>
        {t('studio.sections.add')}
      </button>
    </form>
  );
}

/** A section's heading in the editor: its name and lesson count, ↑/↓, "Rename" (in place) and "Delete". */
export function SectionHeadingRow({
  section,
  lessons,
  busy,
  onRename,
  onDelete,
  move,
}: {
  section: SectionView;
  lessons: number;
  busy: boolean;
  onRename: (title: string) => Promise<boolean>;
  onDelete: () => void;
  /** Its ↑ and ↓ (GroupMoveButtons). */
  move?: ReactNode;
}) {
  const { t } = useT();
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
        <SectionNameField
          label={t('studio.sections.renameLabel', { title: section.title })}
          value={title}
          onChange={setTitle}
          focus
        />
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
        {move}
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

/** ↑ and ↓ for a group of lessons (a section, or the lessons without one; decision 0069), named for screen readers. */
export function GroupMoveButtons({
  title,
  busy,
  first,
  last,
  onMove,
}: {
  title: string;
  busy: boolean;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
}) {
  const { t } = useT();
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        disabled={busy || first}
        onClick={() => onMove(-1)}
        aria-label={t('studio.sections.up', { title })}
      >
        ↑
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        disabled={busy || last}
        onClick={() => onMove(1)}
        aria-label={t('studio.sections.down', { title })}
      >
        ↓
      </button>
    </>
  );
}

/** The heading of the lessons without a section, once a course has sections: they move like one (decision 0069). */
export function UnsectionedHeadingRow({ lessons, move }: { lessons: number; move: ReactNode }) {
  const { t } = useT();
  return (
    <div className="studio-section-head">
      <div>
        <h3 id="studio-section-none">{t('studio.sections.unsectioned')}</h3>
        <p className="studio-episode-meta">{t('studio.sections.lessons', { count: lessons })}</p>
      </div>
      <span className="studio-episode-actions">{move}</span>
    </div>
  );
}
