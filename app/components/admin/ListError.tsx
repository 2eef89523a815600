import { useT } from '#app/i18n/useT.ts';

/** A list's parameter problem (or an empty result) in words, never a silent blank table. */
export function ListError({ error, empty, emptyText }: { error: string | null; empty: boolean; emptyText: string }) {
  const { t } = useT();
  if (error)
    return (
      <p className="notice error" role="alert">
        {t(error)}
      </p>
    );
  if (empty) return <p className="empty-hint">{emptyText}</p>;
  return null;
}
