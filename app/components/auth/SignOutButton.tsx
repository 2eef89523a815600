import { useT } from '#app/i18n/useT.ts';
import { replaceMyList } from '#app/lib/myList.ts';

/**
 * "Sign Out": a plain form post to /logout (works before and without JavaScript), which deletes the
 * session on the server. The browser's copy of My List is cleared too: it belongs to the account.
 */
export function SignOutButton() {
  const { t } = useT();
  return (
    <form method="post" action="/logout" onSubmit={() => replaceMyList([])}>
      <button type="submit" className="btn btn-ghost">
        {t('topbar.signOut')}
      </button>
    </form>
  );
}
