/** A list's parameter problem (or an empty result) in words, never a silent blank table. */
export function ListError({ error, empty, emptyText }: { error: string | null; empty: boolean; emptyText: string }) {
  if (error)
    return (
      <p className="notice error" role="alert">
        {error}
      </p>
    );
  if (empty) return <p className="empty-hint">{emptyText}</p>;
  return null;
}
