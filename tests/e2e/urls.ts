// The servers the end-to-end tests run against (started by playwright.config.ts, each on a fresh DATA_DIR)
// and the simulators each runs beside it on ports of its own (the app's port serves none of their pages).
// E2E_PORT_BASE moves them all (base … base + 5), so two people on one machine can run the suite at once.
const base = Number(process.env.E2E_PORT_BASE ?? 4310);
export const DEMO_PORT = base;
export const EMPTY_PORT = base + 1;

/** The marketplace with its demo catalog (the default baseURL of every spec). */
export const DEMO_URL = `http://localhost:${DEMO_PORT}`;
/** The same build started with DEMO_DATA=false: an empty marketplace. */
export const EMPTY_URL = `http://localhost:${EMPTY_PORT}`;

/** Ports of the M-Pesa and SMS simulators of each server (MPESA_SIMULATOR_PORT, SMS_SIMULATOR_PORT). */
export const SIMULATOR_PORTS = {
  demo: { mpesa: base + 2, sms: base + 3 },
  empty: { mpesa: base + 4, sms: base + 5 },
} as const;

const simulator = (port: number) => `http://127.0.0.1:${port}`;
/** The demo server's M-Pesa simulator ("the phone": /__mpesa) and SMS simulator (/__sms). */
export const DEMO_MPESA_URL = simulator(SIMULATOR_PORTS.demo.mpesa);
export const DEMO_SMS_URL = simulator(SIMULATOR_PORTS.demo.sms);
export const EMPTY_SMS_URL = simulator(SIMULATOR_PORTS.empty.sms);
