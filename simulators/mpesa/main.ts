// The Daraja simulator as a program of its own: `npm run mpesa:simulator` (node simulators/mpesa/main.ts),
// on 127.0.0.1:MPESA_SIMULATOR_PORT (4040 unless set; 0: any free port), for a server started with
// MPESA_BASE_URL=http://127.0.0.1:4040 or for trying the Daraja API by hand. `npm start` in simulator mode
// runs it the same way, with the server's settings. It reads the variables the server reads: the
// credentials (MPESA_CONSUMER_KEY, MPESA_CONSUMER_SECRET, MPESA_SHORTCODE, MPESA_PASSKEY; the simulator's
// own when unset), MPESA_SIMULATOR_DELAY_MS, MPESA_SIMULATOR_MODE and PAYMENT_TIMEOUT_S.
import { MPESA_SIMULATOR_CREDENTIALS as own } from '#common/simulators.ts';
import { runAsProgram, wholeNumberSetting } from '#simulators/lib/runAsProgram.ts';
import { createMpesaSimulator } from './createMpesaSimulator.ts';

const env = process.env;
const mode = env.MPESA_SIMULATOR_MODE || 'manual';
if (mode !== 'manual' && mode !== 'auto')
  throw new Error(`MPESA_SIMULATOR_MODE must be manual or auto (got "${mode}")`);

const sim = await createMpesaSimulator({
  consumerKey: env.MPESA_CONSUMER_KEY || own.consumerKey,
  consumerSecret: env.MPESA_CONSUMER_SECRET || own.consumerSecret,
  shortcode: env.MPESA_SHORTCODE || own.shortcode,
  passkey: env.MPESA_PASSKEY || own.passkey,
  port: wholeNumberSetting('MPESA_SIMULATOR_PORT', 4040),
  callbackDelayMs: wholeNumberSetting('MPESA_SIMULATOR_DELAY_MS', 3000),
  // A "late" answer comes after the server has given up on the payment (PAYMENT_TIMEOUT_S, 90 s by default).
  lateDelayMs: (wholeNumberSetting('PAYMENT_TIMEOUT_S', 90) + 30) * 1000,
  mode,
});
runAsProgram('M-Pesa simulator', sim, '/__mpesa');
