// The Africa's Talking SMS simulator as a program of its own: `npm run sms:simulator`
// (node simulators/sms/main.ts), on 127.0.0.1:SMS_SIMULATOR_PORT (4050 unless set; 0: any free port), for
// a server started with SMS_BASE_URL=http://127.0.0.1:4050. `npm start` in simulator mode runs it the same
// way, with the server's settings. Credentials: AT_USERNAME and AT_API_KEY (the simulator's own when
// unset); delivery reports go to DELIVERY_REPORT_URL when given (what AT's dashboard would hold), after
// SMS_SIMULATOR_REPORT_DELAY_MS.
import { SMS_SIMULATOR_CREDENTIALS as own } from '#common/simulators.ts';
import { runAsProgram, wholeNumberSetting } from '#simulators/lib/runAsProgram.ts';
import { createSmsSimulator } from './createSmsSimulator.ts';

const env = process.env;
const sim = await createSmsSimulator({
  username: env.AT_USERNAME || own.username,
  apiKey: env.AT_API_KEY || own.apiKey,
  port: wholeNumberSetting('SMS_SIMULATOR_PORT', 4050),
  reportDelayMs: wholeNumberSetting('SMS_SIMULATOR_REPORT_DELAY_MS', 1000),
  deliveryReportUrl: env.DELIVERY_REPORT_URL || null,
});
runAsProgram('SMS simulator', sim, '/__sms');
