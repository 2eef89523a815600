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
 * Inline in every page's <head>: a button pressed before React is attached (scripts still loading, or
 * parked until the page is read) is held and pressed again once it is (app/lib/replayEarlyPress.ts), so an
 * early "Play" or "Preview" is not lost. A form's submit button is left to the browser: the form works
 * without scripts.
 */
export const HOLD_EARLY_PRESS = `addEventListener('click',(e)=>{const w=window,b=!w.${HYDRATED}&&e.target instanceof Element&&e.target.closest('button');if(b&&!(b.form&&b.type==='submit')){e.preventDefault();w.${EARLY_PRESS}=b}},true)`;
