import type { Translate } from '#app/i18n/useT.ts';
import { useT } from '#app/i18n/useT.ts';
import { ActionButton } from './ActionButton.tsx';
import type { SelectSpec } from './ListToolbar.tsx';

/** What a moderation queue's action says when done (server words, translated like every server message). */
export const MODERATION_DONE = { hide: 'Hidden.', restore: 'Restored.' } as const;

/** A moderation queue's sorts (most reported first, or newest) and its visible/hidden filter. */
export function moderationQueueControls(t: Translate): { sorts: [string, string][]; filters: SelectSpec[] } {
  return {
    sorts: [
      ['reportCount', t('admin.reviews.reports')],
      ['createdAt', t('admin.reviews.written')],
    ],
    filters: [
      {
        name: 'status',
        label: t('admin.status'),
        options: [
          ['visible', t('admin.reviews.visible')],
          ['hidden', t('admin.reviews.hidden')],
        ],
      },
    ],
  };
}

/** A reported item's Hide (asking first) or Restore button. */
export function ModerationActions({ id, hidden, hideConfirm }: { id: string; hidden: boolean; hideConfirm: string }) {
  const { t } = useT();
  return (
    <td className="admin-actions">
      {hidden ? (
        <ActionButton intent="restore" id={id} label={t('admin.restore')} />
      ) : (
        <ActionButton intent="hide" id={id} label={t('admin.reviews.hide')} danger confirmText={hideConfirm} />
      )}
    </td>
  );
}
