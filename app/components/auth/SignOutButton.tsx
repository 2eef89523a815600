import { useT } from '#app/i18n/useT.ts';
import { replaceMyList } from '#app/lib/myList.ts';
import { TopBarIcon } from '../TopBarIcon.tsx';

/**
 * "Sign Out": a plain form post to /logout (works before and without JavaScript), which deletes the
 * session on the server. The browser's copy of My List is cleared too: it belongs to the account.
 */
export function SignOutButton() {
  const { t } = useT();
  return (
    <form method="post" action="/logout" onSubmit={() => replaceMyList([])}>
      <button type="submit" className="btn btn-ghost topbar-icon" title={t('topbar.signOut')}>
        <TopBarIcon name="signOut" />
        <span className="topbar-label">{t('topbar.signOut')}</span>
      </button>
    </form>
  );
}
