import { defineConfig } from '@playwright/test';
import { DEMO_URL, serversOfWorker } from '#tests/e2e/urls.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '#tests/support/chromium.ts';

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the BUILT server
// (`npm run build` first). Each server gets its own fresh temporary DATA_DIR from tests/e2e/serve.mjs.
// To give a server more settings, add them to its `env` below. Each runs its M-Pesa and SMS simulators as
// processes of its own (simulator mode) on the ports urls.ts names, where the specs open their pages.
const node = 'node_modules/.bin/node'; // the pinned Node 24, whatever `node` is on PATH
// Two workers for the whole suite (decision 0065), one for a single spec file named on the command line (its
// second pair of servers would only seed the demo catalogue for nothing). E2E_WORKERS overrides either.
const specFiles = process.argv.filter((a) => /\.spec\.ts(:\d+)*$/.test(a));
const WORKERS = Number(process.env.E2E_WORKERS ?? (specFiles.length === 1 ? 1 : 2));

function server(
  { url, port, mpesa, sms }: { url: string; port: number; mpesa: number; sms: number },
  env: Record<string, string>,
) {
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
      MPESA_SIMULATOR_PORT: String(mpesa),
      SMS_SIMULATOR_PORT: String(sms),
      ...env,
    },
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  // Overridable with E2E_PORT_BASE (see urls.ts) for runs side by side on one machine.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  // Two workers, each with its own pair of servers (urls.ts): a spec file runs in one worker, its tests in
  // order, against servers no other worker touches, so specs never see each other's data. Most of a spec's
  // time is waiting on a server, a simulator or the browser, so two at a time keep a 2-core machine busy.
  workers: WORKERS,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  // In CI the suite stops itself well inside npm test's limit (.ci/run), so its summary of what failed and
  // what did not run is printed rather than lost to the limit's kill. One worker took over 40 minutes on a
  // loaded 2-core machine, hence the margin.
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
  webServer: Array.from({ length: WORKERS }, (_, i) => serversOfWorker(i)).flatMap(({ demo, empty }) => [
    server(demo, { DEMO_DATA: 'true' }),
    // Short-lived SMS codes here, so phoneAccounts.spec.ts can see one expire.
    server(empty, { DEMO_DATA: 'false', OTP_TTL_SECONDS: '3' }),
  ]),
});
