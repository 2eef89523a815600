export type Flash = { kind: 'success' | 'error'; text: string } | null;

/** The answer to a save: read out politely when it worked, at once when it did not. */
export function FormMessage({ flash }: { flash: Flash }) {
  if (!flash) return <p className="form-message" role="status" aria-live="polite" />;
  return flash.kind === 'success' ? (
    <p className="form-message success" role="status" aria-live="polite">
      {flash.text}
    </p>
  ) : (
    <p className="form-message error" role="alert">
      {flash.text}
    </p>
  );
}
