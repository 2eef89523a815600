import { useT } from '#app/i18n/useT.ts';

/** 'pending': work the save waits for (an upload in progress), read out politely like a success. */
export type Flash = { kind: 'success' | 'error' | 'pending'; text: string } | null;

/**
 * The answer to a save: read out politely when it worked, at once when it did not. The text is the
 * product's English sentence (common/studio/messages.ts, or the server's), said in the page's language when
 * the studio catalogue has it.
 */
export function SaveMessage({ flash }: { flash: Flash }) {
  const { t } = useT();
  if (!flash) return <p className="form-message" role="status" aria-live="polite" />;
  return flash.kind !== 'error' ? (
    <p className={`form-message ${flash.kind}`} role="status" aria-live="polite">
      {t(flash.text)}
    </p>
  ) : (
    <p className="form-message error" role="alert">
      {t(flash.text)}
    </p>
  );
}
