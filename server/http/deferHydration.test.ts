import { describe, expect, it } from 'vitest';
import { deferHydration } from './deferHydration.ts';

// The shape React Router 8 and React 19 render (links hoisted into <head>, the module at the end of <body>).
const page = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/><link rel="stylesheet" href="/assets/root-3.css"/><link rel="preload" as="image" href="/media/hero.webp" fetchPriority="high"/></head><body><main><img src="/media/hero.webp" fetchPriority="high"/></main><script>window.__reactRouterContext = {};</script><script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-4.js";
import("/assets/entry.client-2.js");</script></body></html>`;

describe('deferring hydration', () => {
  const out = deferHydration(page);

  it('removes every modulepreload link and keeps the stylesheet and the hero preload', () => {
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).toContain('<link rel="stylesheet" href="/assets/root-3.css"/>');
    expect(out).toContain('<link rel="preload" as="image" href="/media/hero.webp" fetchPriority="high"/>');
  });

  it('parks the hydration module in an inert element and leaves no module script to run at parse time', () => {
    expect(out).not.toContain('type="module"');
    expect(out).toContain(
      '<script type="text/plain" id="darasa-hydrate">import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-4.js";\nimport("/assets/entry.client-2.js");</script>',
    );
    expect(out).toContain('<script>window.__reactRouterContext = {};</script>');
  });

  it('hands the preloads to the loader, which adds them when hydration starts', () => {
    expect(out).toContain('["/assets/manifest-1.js","/assets/entry.client-2.js"]');
  });

  it('leaves a page without the hydration module (an error page, a static copy) unchanged', () => {
    const plain = '<!DOCTYPE html><html><body><p>Hi</p></body></html>';
    expect(deferHydration(plain)).toBe(plain);
  });

  describe('on a page with a CSP nonce (every rendered page has one)', () => {
    const nonce = 'Ab+c/9==';
    const withNonce = page
      .replace(/<link rel="modulepreload" href="([^"]+)"\/>/g, `<link rel="modulepreload" href="$1" nonce="${nonce}"/>`)
      .replace('<script type="module" async="">', `<script nonce="${nonce}" type="module" async="">`)
      .replace('<script>window', `<script nonce="${nonce}">window`);
    const deferred = deferHydration(withNonce);

    it('still defers: no preloads, no module to run at parse time', () => {
      expect(withNonce).toContain(`nonce="${nonce}" type="module"`);
      expect(deferred).not.toContain('rel="modulepreload"');
      expect(deferred).not.toContain('type="module"');
      expect(deferred).toContain('<script type="text/plain" id="darasa-hydrate">import "/assets/manifest-1.js";');
    });

    it('gives the loader and the module it creates the nonce, so the policy lets both run', () => {
      expect(deferred).toContain(`<script nonce="${nonce}">(()=>{`);
      expect(deferred).toContain(`s.nonce=${JSON.stringify(nonce)};`);
    });

    it('copies module code holding $ patterns as it is', () => {
      const dollars = withNonce.replace('import("/assets/entry.client-2.js");', () => 'const a = "$& $1 $$";');
      expect(deferHydration(dollars)).toContain('const a = "$& $1 $$";</script>');
    });
  });
});
