// The servers the end-to-end tests run against (started by playwright.config.ts, each on a fresh DATA_DIR)
// and the simulators each runs beside it on ports of its own (the app's port serves none of their pages).
// E2E_PORT_BASE moves them all, so two people on one machine can run the suite at once.
//
// Each Playwright worker has servers of its own (decision 0065): worker N's six ports start at
// base + 6 × N. A worker knows its N from TEST_PARALLEL_INDEX, so these constants are that worker's own
// servers; the runner, which has none, starts every worker's (serversOfWorker).
const base = Number(process.env.E2E_PORT_BASE ?? 4310);
const PORTS_PER_WORKER = 6;

/** The ports of worker `index`'s two servers and their simulators. */
export function serversOfWorker(index: number) {
  const at = base + PORTS_PER_WORKER * index;
  return {
    demo: { port: at, url: `http://localhost:${at}`, mpesa: at + 2, sms: at + 3 },
    empty: { port: at + 1, url: `http://localhost:${at + 1}`, mpesa: at + 4, sms: at + 5 },
  };
}

const mine = serversOfWorker(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const DEMO_PORT = mine.demo.port;
export const EMPTY_PORT = mine.empty.port;

/** The marketplace with its demo catalog (the default baseURL of every spec). */
export const DEMO_URL = mine.demo.url;
/** The same build started with DEMO_DATA=false: an empty marketplace. */
export const EMPTY_URL = mine.empty.url;

const simulator = (port: number) => `http://127.0.0.1:${port}`;
/** The demo server's M-Pesa simulator ("the phone": /__mpesa) and SMS simulator (/__sms). */
export const DEMO_MPESA_URL = simulator(mine.demo.mpesa);
export const DEMO_SMS_URL = simulator(mine.demo.sms);
export const EMPTY_SMS_URL = simulator(mine.empty.sms);
