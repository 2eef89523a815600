import { useLocation } from 'react-router';
import { useT } from '#app/i18n/useT.ts';

/**
 * "Kiswahili" on an English page, "English" on a Kiswahili one: a plain form post to /language (works
 * before and without JavaScript) that sets the language cookie, and the account's language when signed
 * in, then comes back to this page in the other language (server/http/languageRoutes.ts).
 */
export function LanguageSwitch() {
  const { t, locale } = useT();
  const { pathname, search } = useLocation();
  const other = locale === 'sw' ? 'en' : 'sw';
  return (
    <form method="post" action="/language" className="lang-switch">
      <input type="hidden" name="redirectTo" value={pathname + search} />
      <button
        type="submit"
        name="locale"
        value={other}
        lang={other}
        className="btn btn-ghost"
        title={t('lang.switchHint')}
        aria-label={t('lang.switchTo')}
      >
        {/* On a phone's top bar only the short code shows ("SW" / "EN"); the name stays the full one. */}
        <span className="lang-long">{t('lang.switchTo')}</span>
        <span className="lang-short" aria-hidden="true">
          {t('lang.short')}
        </span>
      </button>
    </form>
  );
}
