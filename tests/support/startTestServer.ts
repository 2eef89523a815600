// The real server for integration tests: port 0, the test database's data dir and database, no demo data,
// silent logs and no job worker unless `env` says otherwise.
import { loadConfig } from '#server/config/config.ts';
import { startServer, type Running, type StartOptions } from '#server/composition/startServer.ts';
import { createMpesaSimulator } from '#simulators/mpesa/createMpesaSimulator.ts';
import { createSmsSimulator } from '#simulators/sms/createSmsSimulator.ts';
import type { TestDatabase } from './testDatabase.ts';
import { rememberDataDir } from './emailOutbox.ts';

/** The pages: React Router's server build with the server started from the same module graph (pagesApp.ts). */
export interface PagesBuild {
  build: NonNullable<StartOptions['build']>;
  startServer: typeof startServer;
}

/** The environment such a server starts with (also for servers started in a child process). */
export function testServerEnv(t: TestDatabase, env: Record<string, string> = {}): Record<string, string> {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: t.dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    JOB_CONCURRENCY: '0',
    MPESA_C2B_REGISTER: 'false',
    // Test servers are demos on purpose: their simulators run beside whatever real-site settings a test
    // gives (an https PUBLIC_URL…). The start-up refusal has tests of its own (DEMO_MODE=false there).
    DEMO_MODE: 'true',
    ...(t.url ? { DATABASE_URL: t.url } : {}),
    ...env,
  };
}

/**
 * As `npm start` in simulator mode, minus the processes: without MPESA_BASE_URL / SMS_BASE_URL the
 * simulators are started as listeners of this process, on ports of their own, and stopped with the server.
 */
export async function startTestServer(
  t: TestDatabase,
  env: Record<string, string> = {},
  pages?: PagesBuild,
): Promise<Running> {
  const settings = testServerEnv(t, env);
  const config = loadConfig(settings);
  const { mpesa, sms } = config;
  const closers: Array<() => Promise<void>> = [];
  const closeSimulators = async () => {
    for (const close of closers.splice(0)) await close();
  };
  try {
    const mpesaSim =
      mpesa.env === 'simulator' && !mpesa.baseUrl
        ? await createMpesaSimulator({
            consumerKey: mpesa.consumerKey,
            consumerSecret: mpesa.consumerSecret,
            shortcode: mpesa.shortcode,
            passkey: mpesa.passkey,
            callbackDelayMs: config.MPESA_SIMULATOR_DELAY_MS,
            lateDelayMs: (config.PAYMENT_TIMEOUT_S + 30) * 1000,
            mode: config.MPESA_SIMULATOR_MODE,
          })
        : null;
    if (mpesaSim) {
      closers.push(() => mpesaSim.close());
      settings.MPESA_BASE_URL = mpesaSim.url;
    }
    const smsSim =
      sms.env === 'simulator' && !sms.baseUrl
        ? await createSmsSimulator({
            username: sms.username,
            apiKey: sms.apiKey,
            reportDelayMs: config.SMS_SIMULATOR_REPORT_DELAY_MS,
          })
        : null;
    if (smsSim) {
      closers.push(() => smsSim.close());
      settings.SMS_BASE_URL = smsSim.url;
    }
    const running = pages
      ? await pages.startServer({ build: pages.build, env: settings })
      : await startServer({ env: settings });
    // Its clients read their sign-up codes from its outbox (tests/support/emailOutbox.ts).
    rememberDataDir(running.url, t.dataDir);
    // What AT's dashboard would hold, once the server's port is known.
    const { publicUrl, sms: bound } = running.services.config;
    if (bound.deliveryReportSecret)
      smsSim?.setDeliveryReportUrl(`${publicUrl}/api/sms/delivery/${bound.deliveryReportSecret}`);
    return {
      ...running,
      async stop() {
        await running.stop();
        await closeSimulators();
      },
    };
  } catch (err) {
    await closeSimulators();
    throw err;
  }
}
