// Runs the Africa's Talking SMS simulator on its own (`npm run sms:simulator`), for a server started with
// SMS_BASE_URL=http://127.0.0.1:<port>. Credentials come from the settings the server reads; delivery
// reports go to DELIVERY_REPORT_URL when given (what AT's dashboard would hold).
import { loadConfig } from '#server/config/config.ts';
import { createSmsSimulator } from '#server/smsSimulator/createSmsSimulator.ts';

const config = loadConfig();
const sim = await createSmsSimulator({
  username: config.sms.username,
  apiKey: config.sms.apiKey,
  port: config.SMS_SIMULATOR_PORT || 4050,
  reportDelayMs: config.SMS_SIMULATOR_REPORT_DELAY_MS,
  deliveryReportUrl: process.env.DELIVERY_REPORT_URL ?? null,
});
console.log(`SMS simulator listening on ${sim.url} (messages: ${sim.url}/__sms)`);
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void sim.close().then(() => process.exit(0)));
