// The servers the end-to-end tests run against (started by playwright.config.ts, each on a fresh DATA_DIR).
export const DEMO_PORT = 4310;
export const EMPTY_PORT = 4311;

/** The marketplace with its demo catalog (the default baseURL of every spec). */
export const DEMO_URL = `http://localhost:${DEMO_PORT}`;
/** The same build started with DEMO_DATA=false: an empty marketplace. */
export const EMPTY_URL = `http://localhost:${EMPTY_PORT}`;
