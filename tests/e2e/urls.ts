// The servers the end-to-end tests run against (started by playwright.config.ts, each on a fresh DATA_DIR).
// E2E_PORT_BASE moves both, so two people on one machine can run the suite at the same time.
const base = Number(process.env.E2E_PORT_BASE ?? 4310);
export const DEMO_PORT = base;
export const EMPTY_PORT = base + 1;

/** The marketplace with its demo catalog (the default baseURL of every spec). */
export const DEMO_URL = `http://localhost:${DEMO_PORT}`;
/** The same build started with DEMO_DATA=false: an empty marketplace. */
export const EMPTY_URL = `http://localhost:${EMPTY_PORT}`;
