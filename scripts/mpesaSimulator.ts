// Runs the Daraja simulator on its own (`npm run mpesa:simulator`), for a server started with
// MPESA_BASE_URL=http://127.0.0.1:<port> or for trying the Daraja API by hand. Credentials and timings
// come from the same settings the server reads (server/config/config.ts).
import { loadConfig } from '#server/config/config.ts';
import { createMpesaSimulator } from '#server/mpesaSimulator/createMpesaSimulator.ts';

const config = loadConfig();
const sim = await createMpesaSimulator({
  ...config.mpesa,
  host: '0.0.0.0',
  port: config.MPESA_SIMULATOR_PORT || 4040,
  callbackDelayMs: config.MPESA_SIMULATOR_DELAY_MS,
  lateDelayMs: (config.PAYMENT_TIMEOUT_S + 30) * 1000,
  mode: config.MPESA_SIMULATOR_MODE,
});
console.log(`M-Pesa simulator listening on ${sim.url.replace('127.0.0.1', 'localhost')} (prompts: ${sim.url}/__mpesa)`);
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void sim.close().then(() => process.exit(0)));
