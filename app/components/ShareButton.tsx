import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '#app/i18n/useT.ts';

/** WhatsApp's documented link for sharing text (the link inside it) from a phone or from WhatsApp Web. */
export function whatsAppShareUrl(title: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;
}

type Copied = 'idle' | 'copied' | 'failed';

/**
 * "Share" for a public page. `url` is the page's canonical address (PUBLIC_URL and the page's path, as its
 * og:url), never the address bar's, so no private state (a query, a hash, another host) travels with it and a
 * cached anonymous page is the same for everyone. Phones get their own share sheet (Web Share); where there is
 * none, or it fails, a small menu offers WhatsApp, where Kenyan links travel, and "Copy link" (where the
 * clipboard is refused, the link is shown selected to copy by hand). The menu is in the HTML, hidden while
 * closed. A press before hydration is held and pressed again once React is attached (HOLD_EARLY_PRESS,
 * decision 0056).
 */
export function ShareButton({ url, title, text }: { url: string; title: string; text: string }) {
  const { t } = useT();
  // useId gives "_R_1_": valid HTML, but ids here begin with a letter (.htmlvalidate.json, decision 0051).
  const menuId = `share${useId()}`;
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState<Copied>('idle');
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent) {
        if (e.key !== 'Escape') return;
        setOpen(false);
        button.current?.focus();
      } else if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);

  useEffect(() => {
    if (copied !== 'failed') return;
    field.current?.focus();
    field.current?.select();
  }, [copied]);

  async function share() {
    setCopied('idle');
    if (open) return setOpen(false);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (err) {
        // The person closed the sheet: nothing to do. Anything else (no user activation left after a press
        // held until hydration, a refused share): offer the menu instead.
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    setOpen(true);
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <div className="share" ref={root}>
      <button
        ref={button}
        type="button"
        className="btn btn-ghost"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={share}
      >
        <span aria-hidden="true" className="btn-icon">
          ↗
        </span>
        {t('share.button')}
      </button>
      <div id={menuId} className="share-menu" hidden={!open}>
        <a
          className="btn btn-light"
          href={whatsAppShareUrl(title, url)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => setOpen(false)}
        >
          {t('share.whatsapp')}
        </a>
        <button type="button" className="btn btn-light" onClick={copy}>
          {t('share.copyLink')}
        </button>
        <p className="share-status" role="status">
          {copied === 'copied' ? t('share.copied') : copied === 'failed' ? t('share.copyFailed') : ''}
        </p>
        {copied === 'failed' ? (
          <input
            ref={field}
            className="share-field"
            aria-label={t('share.linkField')}
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
          />
        ) : null}
      </div>
    </div>
  );
}
