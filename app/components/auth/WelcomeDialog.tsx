import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { Locale } from '#common/accounts/locale.ts';
import { useT } from '#app/i18n/useT.ts';

/** Welcome dialogs close themselves after this long (docs/product.md "Constants"). */
export const WELCOME_DIALOG_MS = 3000;

/**
 * The dialog after signing in or up: it closes itself after 3000 ms and goes on to `to`. "Continue" goes
 * at once (keyboard focus starts there). Without JavaScript a meta refresh does the same. When the account's
 * language is not the page's (a Kiswahili account signing in on an English page, or a phone sign-up that
 * chose the other language), the next page is loaded in full: the browser holds only this page's catalogue,
 * and the server renders the account's language (decision 0048).
 */
export function WelcomeDialog({
  title,
  message,
  to,
  locale,
}: {
  title: string;
  message: string;
  to: string;
  locale: Locale;
}) {
  const navigate = useNavigate();
  const { t, locale: pageLocale } = useT();
  const button = useRef<HTMLAnchorElement>(null);
  const goOn = useCallback(() => {
    if (locale === pageLocale) navigate(to, { replace: true });
    else window.location.replace(to);
  }, [navigate, to, locale, pageLocale]);
  useEffect(() => {
    button.current?.focus();
    const timer = setTimeout(goOn, WELCOME_DIALOG_MS);
    return () => clearTimeout(timer);
  }, [goOn]);
  return (
    <div className="auth-dialog-backdrop">
      <noscript>
        <meta httpEquiv="refresh" content={`${WELCOME_DIALOG_MS / 1000};url=${to}`} />
      </noscript>
      <div
        className="auth-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="welcome-title"
        aria-describedby="welcome-text"
      >
        <div className="auth-dialog-check" aria-hidden="true">
          ✓
        </div>
        <h2 id="welcome-title">{title}</h2>
        <p id="welcome-text">{message}</p>
        <a
          ref={button}
          className="btn btn-primary"
          href={to}
          onClick={(e) => {
            e.preventDefault();
            goOn();
          }}
        >
          {t('Continue')}
        </a>
      </div>
    </div>
  );
}
