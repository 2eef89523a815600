import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/** Welcome dialogs close themselves after this long (docs/product.md "Constants"). */
export const WELCOME_DIALOG_MS = 3000;

/**
 * The dialog after signing in or up: it closes itself after 3000 ms and goes on to `to`. "Continue" goes
 * at once (keyboard focus starts there). Without JavaScript a meta refresh does the same.
 */
export function WelcomeDialog({ title, message, to }: { title: string; message: string; to: string }) {
  const navigate = useNavigate();
  const button = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    button.current?.focus();
    const timer = setTimeout(() => navigate(to, { replace: true }), WELCOME_DIALOG_MS);
    return () => clearTimeout(timer);
  }, [navigate, to]);
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
            navigate(to, { replace: true });
          }}
        >
          Continue
        </a>
      </div>
    </div>
  );
}
