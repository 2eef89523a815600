import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '#app/i18n/useT.ts';

/** WhatsApp's documented link for sharing text (the link inside it) from a phone or from WhatsApp Web. */
export function whatsAppShareUrl(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}

type Copied = 'idle' | 'copied' | 'failed';

/**
 * "Share" for a public page (`path`, on this site). Phones get their own share sheet (Web Share); where there
 * is none, or it fails, a small menu offers WhatsApp, where Kenyan links travel, and "Copy link". The menu is
 * always in the HTML (hidden when closed) so the button's `aria-controls` names an element that exists.
 */
export function ShareButton({ path, title }: { path: string; title: string }) {
  const { t } = useT();
  // useId gives "_R_1_": valid HTML, but ids here begin with a letter (.htmlvalidate.json, decision 0051).
  const menuId = `share${useId()}`;
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState<Copied>('idle');
  const root = useRef<HTMLDivElement>(null);
  const url = () => new URL(path, window.location.origin).href;

  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);

  async function share() {
    setCopied('idle');
    if (open) return setOpen(false);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text: title, url: url() });
        return;
      } catch (err) {
        // The person closed the sheet: nothing to do. Anything else: offer the menu instead.
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    setOpen(true);
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(url());
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <div className="share" ref={root}>
      <button type="button" className="btn btn-ghost" aria-expanded={open} aria-controls={menuId} onClick={share}>
        <span aria-hidden="true" className="btn-icon">
          ↗
        </span>
        {t('share.button')}
      </button>
      <div id={menuId} className="share-menu" hidden={!open}>
        {open ? (
          <>
            <a
              className="btn btn-light"
              href={whatsAppShareUrl(title, url())}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('share.whatsapp')}
            </a>
            <button type="button" className="btn btn-light" onClick={copy}>
              {t('share.copyLink')}
            </button>
          </>
        ) : null}
        <p className="share-status" role="status">
          {copied === 'copied' ? t('share.copied') : copied === 'failed' ? t('share.copyFailed') : ''}
        </p>
      </div>
    </div>
  );
}
