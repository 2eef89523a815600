// What the simulators (simulators/) and the server agree on without importing each other.

// The credentials the simulators accept and the server uses in simulator mode when none are set, so
// `npm start`, `npm run mpesa:simulator` and `npm run sms:simulator` agree out of the box. The passkey is
// Safaricom's published sandbox passkey, so a switch to the sandbox changes little.
export const MPESA_SIMULATOR_CREDENTIALS = {
  consumerKey: 'darasa-simulator-key',
  consumerSecret: 'darasa-simulator-secret',
  shortcode: '174379',
  passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
} as const;

/** Africa's Talking's sandbox app is always called "sandbox". */
export const SMS_SIMULATOR_CREDENTIALS = { username: 'sandbox', apiKey: 'darasa-sms-simulator-key' } as const;

/** The message a simulator run as a child process (with an IPC channel) sends its parent once it answers. */
export interface SimulatorListening {
  kind: 'simulator:listening';
  /** http://127.0.0.1:<port> */
  url: string;
}
