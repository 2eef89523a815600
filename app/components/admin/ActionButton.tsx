import { useFetcher } from 'react-router';
import { useT } from '#app/i18n/useT.ts';

/**
 * One moderation button: posts `intent` and `id` to the page's action. `confirmText` asks first (refunds,
 * suspensions). The result message shows beside the button; the list reloads itself afterwards.
 */
export function ActionButton({
  intent,
  id,
  label,
  confirmText,
  danger = false,
}: {
  intent: string;
  id: string;
  label: string;
  confirmText?: string;
  danger?: boolean;
}) {
  const { t } = useT();
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form
      method="post"
      onSubmit={(e) => {
        if (confirmText && !window.confirm(confirmText)) e.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={`btn btn-small ${danger ? 'btn-danger' : 'btn-ghost'}`} disabled={busy}>
        {busy ? t('admin.working') : label}
      </button>
      {fetcher.data && !busy ? (
        <span role="status" className={`sub ${fetcher.data.ok ? '' : 'error'}`}>
          {t(fetcher.data.message)}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
