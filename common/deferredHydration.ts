// Public pages are read before they are used: their HTML (server-rendered) shows at once and React's
// scripts load after it (docs/decisions/0017). The server's page transform and the client's hydration
// share these names.

/** The element holding React Router's hydration module script until it is time to run it. */
export const HYDRATION_SCRIPT_ID = 'darasa-hydrate';

/** A button pressed before hydration, pressed again once React is attached (window property). */
export const EARLY_PRESS = '__darasaEarlyPress';

/** Set once the page is hydrated (window property): presses then go to React directly. */
export const HYDRATED = '__darasaHydrated';

/**
 * Marks a server-rendered region whose code arrives after the page's (a lazy component such as the video
 * player): React cannot attach to it before then, so a press inside it is held until the region has mounted
 * (app/lib/useHeldPressReplay.ts), even once the rest of the page is hydrated.
 */
export const AWAITS_CODE = 'data-awaits-code';

/**
 * Inline in every page's <head>: a button pressed before React is attached (scripts still loading, or
 * parked until the page is read, or a region still waiting for its code) is held and pressed again once it
 * is (app/lib/replayEarlyPress.ts), so an early "Play" or "Preview" is not lost. A form's submit button is
 * left to the browser: the form works without scripts. The held press also stops there: React, hydrating,
 * replays by itself a press it saw in a region not yet hydrated, so a press let through was handled twice.
 */
export const HOLD_EARLY_PRESS = `addEventListener('click',(e)=>{const w=window,t=e.target,h=w.${HYDRATED},b=t instanceof Element&&(!h||t.closest('[${AWAITS_CODE}]'))&&t.closest('button');if(b&&!(b.form&&b.type==='submit')){e.preventDefault();e.stopPropagation();w.${EARLY_PRESS}=b}},true)`;
