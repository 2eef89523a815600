import { HYDRATION_SCRIPT_ID } from '#common/deferredHydration.ts';

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g;
// React Router writes the render's CSP nonce first when there is one (pageRoutes.ts always gives one).
const HYDRATION_MODULE = /<script(?: nonce="([^"]*)")? type="module" async="">([\s\S]*?)<\/script>/;

/**
 * Starts React once the page has loaded and the main thread is idle, or at the first touch, key or focus,
 * whichever comes first. A button pressed before that is held by every page's HOLD_EARLY_PRESS and pressed
 * again after hydration, so "Preview" or "Purchase Course" tapped early still works; links and forms work
 * without scripts anyway.
 */
const loader = (preloads: string[], nonce: string | undefined) => `(()=>{const d=document,w=window;let started=false;
const go=()=>{if(started)return;started=true;
for(const h of ${JSON.stringify(preloads)}){const l=d.createElement('link');l.rel='modulepreload';l.href=h;d.head.append(l)}
const s=d.createElement('script');s.type='module';${nonce ? `s.nonce=${JSON.stringify(nonce)};` : ''}s.textContent=d.getElementById('${HYDRATION_SCRIPT_ID}').textContent;d.body.append(s)};
for(const e of ['pointerdown','touchstart','keydown','focusin','click'])addEventListener(e,go,{capture:true,passive:true,once:true});
const idle=()=>(w.requestIdleCallback||setTimeout)(go,{timeout:3000});
d.readyState==='complete'?idle():addEventListener('load',idle,{once:true})})()`;

/**
 * Takes React Router's scripts off a server-rendered page's critical path: no modulepreload links competing
 * with the hero image and the CSS, and the hydration module parked in an inert script element until the
 * loader above runs it (adding the preloads then, so its imports still arrive in one round trip).
 * The loader and the module it starts carry the page's nonce, so the page's policy lets them run.
 * A page without the hydration module is returned unchanged.
 */
export function deferHydration(html: string): string {
  const module = HYDRATION_MODULE.exec(html);
  if (!module) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const [, nonce, code] = module;
  const nonceAttr = nonce ? ` nonce="${nonce}"` : '';
  const parked = `<script type="text/plain" id="${HYDRATION_SCRIPT_ID}">${code}</script><script${nonceAttr}>${loader(preloads, nonce)}</script>`;
  return html.replace(MODULE_PRELOAD, '').replace(module[0], () => parked); // a function: no $ patterns in code
}
