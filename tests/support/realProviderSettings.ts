// Settings of real providers (Safaricom's Daraja, Africa's Talking) that pass the configuration's checks,
// for the tests of those checks. Fake values: nothing here reaches a provider.

/** Everything MPESA_ENV=sandbox or production requires. */
export const REAL_MPESA = {
  MPESA_CONSUMER_KEY: 'key',
  MPESA_CONSUMER_SECRET: 'secret',
  MPESA_SHORTCODE: '600000',
  MPESA_PASSKEY: 'passkey',
  MPESA_CALLBACK_BASE_URL: 'https://darasa.example',
  MPESA_CALLBACK_SECRET: 'a-long-random-secret-1234',
  MPESA_B2C_SHORTCODE: '600001',
  MPESA_INITIATOR_NAME: 'darasa-api',
  MPESA_SECURITY_CREDENTIAL: 'encrypted-credential',
};

/** Everything SMS_ENV=production requires. */
export const REAL_SMS = { SMS_ENV: 'production', AT_USERNAME: 'darasa', AT_API_KEY: 'key', AT_SENDER_ID: 'DARASA' };
