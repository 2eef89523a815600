import { defineConfig } from '@playwright/test';
import { DEMO_PORT, DEMO_URL, EMPTY_PORT, EMPTY_URL, SIMULATOR_PORTS } from '#tests/e2e/urls.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '#tests/support/chromium.ts';

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the BUILT server
// (`npm run build` first). Each server gets its own fresh temporary DATA_DIR from tests/e2e/serve.mjs.
// To give a server more settings, add them to its `env` below. Each runs its M-Pesa and SMS simulators as
// processes of its own (simulator mode) on the ports urls.ts names, where the specs open their pages.
const node = 'node_modules/.bin/node'; // the pinned Node 24, whatever `node` is on PATH

function server(url: string, port: number, simulators: { mpesa: number; sms: number }, env: Record<string, string>) {
  return {
    command: `${node} tests/e2e/serve.mjs`,
    url: `${url}/healthz`,
    // Demo seeding makes real clips with ffmpeg on a shared machine: allow it time.
    timeout: 300_000,
    reuseExistingServer: false,
    // SIGTERM lets serve.mjs remove its temporary DATA_DIR and build copy.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    // Every spec signs in from 127.0.0.1: the per-address sign-in/sign-up limit would otherwise trip mid-suite,
    // and so would the per-address limit of one-time codes (each e-mail sign-up is sent one).
    env: {
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      AUTH_LIMIT_PER_IP: '1000',
      OTP_SEND_LIMIT_PER_IP: '1000',
      // Likewise the specs' learners share the simulator's scripted numbers: M-Pesa prompts per phone.
      MPESA_PROMPT_LIMIT_PER_PHONE: '1000',
      MPESA_SIMULATOR_PORT: String(simulators.mpesa),
      SMS_SIMULATOR_PORT: String(simulators.sms),
      ...env,
    },
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  // Overridable with E2E_PORT_BASE (see urls.ts) for runs side by side on one machine.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  // In CI the suite stops itself well inside npm test's limit (.ci/run), so its summary of what failed and
  // what did not run is printed rather than lost to the limit's kill. About 20 minutes on a quiet machine;
  // a loaded 2-core machine has taken over 38, hence the margin.
  globalTimeout: process.env.CI ? 44 * 60_000 : 0,
  expect: { timeout: 15_000 },
  reporter: 'list',
  use: {
    baseURL: DEMO_URL,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: [
    server(DEMO_URL, DEMO_PORT, SIMULATOR_PORTS.demo, { DEMO_DATA: 'true' }),
    // Short-lived SMS codes here, so phoneAccounts.spec.ts can see one expire.
    server(EMPTY_URL, EMPTY_PORT, SIMULATOR_PORTS.empty, { DEMO_DATA: 'false', OTP_TTL_SECONDS: '3' }),
  ],
});
