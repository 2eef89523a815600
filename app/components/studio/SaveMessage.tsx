/** 'pending': work the save waits for (an upload in progress), read out politely like a success. */
export type Flash = { kind: 'success' | 'error' | 'pending'; text: string } | null;

/** The answer to a save: read out politely when it worked, at once when it did not. */
export function SaveMessage({ flash }: { flash: Flash }) {
  if (!flash) return <p className="form-message" role="status" aria-live="polite" />;
  return flash.kind !== 'error' ? (
    <p className={`form-message ${flash.kind}`} role="status" aria-live="polite">
      {flash.text}
    </p>
  ) : (
    <p className="form-message error" role="alert">
      {flash.text}
    </p>
  );
}
