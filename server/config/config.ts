// The one environment schema. Every setting the process reads is declared here and checked at start-up:
// a bad value stops the process with a message naming the variable.
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { MPESA_SIMULATOR_CREDENTIALS, SMS_SIMULATOR_CREDENTIALS } from '#common/simulators.ts';
import { C2B_FORBIDDEN_URL_WORDS } from '#server/daraja/c2b.ts';
import { generatedSecret } from './generatedSecret.ts';
import { simulatorRefusal } from './simulatorRules.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/** An IPv4 or IPv6 address, or a CIDR block of either. */
function isAddressOrBlock(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public origin, used for absolute links (Open Graph) and auth origin checks. */
  PUBLIC_URL: z.url().optional(),
  /** PostgreSQL when set; otherwise the embedded SQLite file under DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Load the demo catalog into an empty database at start-up. */
  DEMO_DATA: bool.default(true),
  /** Run simulated payments or SMS even with a real site's settings (simulatorRules.ts, decision 0041). */
  DEMO_MODE: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Anonymous pages kept in memory, invalidated when the catalog changes. */
  PAGE_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(500),
  /** Signs session cookies; generated once and kept in DATA_DIR when unset (set it when several machines share a database). */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Sign-in/sign-up/reset attempts allowed per client IP and per email within the window; 0 turns a limit off. */
  AUTH_LIMIT_PER_IP: z.coerce.number().int().min(0).default(30),
  AUTH_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(0).default(8),
  AUTH_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  /** Questions one person may ask under lessons per hour (a fixed window); 0 turns the limit off. */
  QUESTION_LIMIT_PER_HOUR: z.coerce.number().int().min(0).default(10),
  /** Creators who asked for the SMS digest of waiting questions get at most one in this many hours. */
  QUESTION_DIGEST_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  /** How often the digest looks for creators due one (one SMS each at most per QUESTION_DIGEST_HOURS). */
  QUESTION_DIGEST_CHECK_S: z.coerce.number().int().min(1).max(86_400).default(900),
  /** What one SMS part costs the creator, in KES: the announcement form shows the number of SMS and their cost. */
  SMS_COST_KES: z.coerce.number().min(0).max(100).default(0.8),
  /** Announcements by SMS each course may send per calendar month (Nairobi). */
  ANNOUNCEMENT_SMS_PER_MONTH: z.coerce.number().int().min(0).max(100).default(2),
  /** Announcements (e-mail, with or without SMS) each course may send per calendar month (Nairobi). */
  ANNOUNCEMENT_EMAIL_PER_MONTH: z.coerce.number().int().min(0).max(100).default(8),
  /** How often the new-lessons notice looks for courses with lessons added since owners were last told. */
  LESSON_NOTICE_CHECK_S: z.coerce.number().int().min(1).max(86_400).default(3600),
  /** How often instalment reminders are looked for (decision 0068); 0 turns them off. */
  INSTALMENT_REMINDER_CHECK_S: z.coerce.number().int().min(0).max(86_400).default(3600),
  /** How often the AV1 backfill looks for the next older video to give AV1 renditions (0: off; decision 0070). */
  AV1_BACKFILL_INTERVAL_S: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Owners of a course are told of new lessons at most once in this many hours (one e-mail or SMS each). */
  LESSON_NOTICE_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  /** Behind a reverse proxy: take the client IP from the last X-Forwarded-For hop. */
  TRUST_PROXY: bool.default(false),
  /** Creates this admin on start-up when no user has the email yet. */
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  ADMIN_NAME: z.string().min(1).max(100).default('Darasa Admin'),
  /** smtp(s)://user:pass@host:port — without it, emails are written to DATA_DIR/outbox and logged. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Darasa <no-reply@darasa.local>'),
  // M-Pesa (Daraja). `simulator` talks to the Daraja simulator (simulators/mpesa/, which `npm start` runs as
  // a process of its own unless MPESA_BASE_URL points at one); `sandbox` and `production` talk to Safaricom
  // and need real credentials.
  MPESA_ENV: z.enum(['simulator', 'sandbox', 'production']).default('simulator'),
  MPESA_BASE_URL: z.url().optional(),
  MPESA_CONSUMER_KEY: z.string().min(1).optional(),
  MPESA_CONSUMER_SECRET: z.string().min(1).optional(),
  /** Paybill (or store number for Buy Goods): the BusinessShortCode of STK push. */
  MPESA_SHORTCODE: z
    .string()
    .regex(/^\d{5,7}$/, 'must be 5–7 digits')
    .optional(),
  MPESA_PASSKEY: z.string().min(1).optional(),
  MPESA_TRANSACTION_TYPE: z.enum(['CustomerPayBillOnline', 'CustomerBuyGoodsOnline']).default('CustomerPayBillOnline'),
  /** Till number for Buy Goods; the shortcode for Paybill. */
  MPESA_PARTY_B: z
    .string()
    .regex(/^\d{5,7}$/, 'must be 5–7 digits')
    .optional(),
  /** Public origin Safaricom calls back (https in production); PUBLIC_URL when unset. */
  MPESA_CALLBACK_BASE_URL: z.url().optional(),
  /** Secret path segment of the callback URLs: Daraja callbacks are not signed. Generated in DATA_DIR when unset (simulator mode). */
  MPESA_CALLBACK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be 16–128 URL-safe characters')
    .refine(
      (v) => !C2B_FORBIDDEN_URL_WORDS.test(v),
      'must not contain "mpesa", "safaricom", "exe", "cmd", "sql" or "query": Daraja refuses Paybill URLs that do',
    )
    .optional(),
  /** Client addresses M-Pesa callbacks are accepted from (comma-separated IPs or CIDR blocks); unset: any. */
  MPESA_CALLBACK_ALLOWED_IPS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => list.length > 0 && list.every(isAddressOrBlock),
      'must be IP addresses or CIDR blocks, comma-separated',
    )
    .optional(),
  /** Reversal (refunds): the API operator's name and encrypted credential from the Daraja portal. */
  MPESA_INITIATOR_NAME: z.string().min(1).optional(),
  MPESA_SECURITY_CREDENTIAL: z.string().min(1).optional(),
  /** Payouts (B2C): the bulk disbursement shortcode money leaves from (required outside the simulator). */
  MPESA_B2C_SHORTCODE: z
    .string()
    .regex(/^\d{5,7}$/, 'must be 5–7 digits')
    .optional(),
  /** Secret path segment of the B2C result and time-out URLs; MPESA_CALLBACK_SECRET when unset, else generated. */
  MPESA_B2C_RESULT_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be 16–128 URL-safe characters')
    .optional(),
  /** Share of each sale kept by Darasa, in percent; each sale records the share it was made under. */
  PLATFORM_FEE_PERCENT: z.coerce.number().int().min(0).max(90).default(10),
  /** Days a sale's earnings stay pending (refunds) before they can be paid out. */
  PAYOUT_HOLD_DAYS: z.coerce.number().int().min(0).max(60).default(3),
  /** How often the payout scheduler runs (scheduled payouts, status queries for unanswered ones). */
  PAYOUT_TICK_S: z.coerce.number().int().min(1).max(86_400).default(300),
  /** A payout without a result this long is asked about with a Transaction Status query, and again this often. */
  PAYOUT_QUERY_AFTER_S: z.coerce.number().int().min(1).max(86_400).default(120),
  /** Loopback port of the simulator `npm start` runs in simulator mode (0: any free port). */
  MPESA_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** How long the simulated customer takes to answer the PIN prompt. */
  MPESA_SIMULATOR_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
  /** Unscripted numbers: the simulator waits for a person on its /__mpesa page (manual) or pays (auto). */
  MPESA_SIMULATOR_MODE: z.enum(['manual', 'auto']).default('manual'),
  /** Register the Paybill (C2B) validation and confirmation URLs with Daraja at start-up (idempotent). */
  MPESA_C2B_REGISTER: bool.default(true),
  /** After this many seconds without an answer a payment is expired (a late success still grants access). */
  PAYMENT_TIMEOUT_S: z.coerce.number().int().min(10).max(3600).default(90),
  /**
   * M-Pesa prompts (STK pushes) allowed per phone number (whatever account asks) and per account within the
   * window; 0 turns a limit off. Each prompt costs a Daraja call and lands on someone's phone.
   */
  MPESA_PROMPT_LIMIT_PER_PHONE: z.coerce.number().int().min(0).default(6),
  MPESA_PROMPT_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(0).default(10),
  MPESA_PROMPT_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** How often the reconciler looks for payments whose callback did not come; 0 turns it off. */
  PAYMENT_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  /** A pending payment is asked about (STK query) once it is this old, and again this often. */
  PAYMENT_QUERY_AFTER_S: z.coerce.number().int().min(1).max(3600).default(20),
  /** How often each web process writes the viewing events it buffered; 0: only when a batch fills, and at shutdown. */
  VIEW_EVENTS_FLUSH_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  /** Background jobs (transcodes…) run at once by this process; 0 leaves them to other workers. */
  JOB_CONCURRENCY: z.coerce.number().int().min(0).max(32).default(1),
  /** Web processes `npm start` runs on this machine, sharing the port and the database; 0 means one per core. */
  WEB_PROCESSES: z.coerce.number().int().min(0).max(64).default(0),
  /** On SIGTERM/SIGINT, requests in flight get this long to finish before their connections are cut. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Bearer token that lets a scraper read /metrics from another machine; without it only loopback may. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // SMS (Africa's Talking). `simulator` talks to the SMS simulator (simulators/sms/, which `npm start` runs
  // as a process of its own unless SMS_BASE_URL points at one); `sandbox` and `production` talk to AT.
  SMS_ENV: z.enum(['simulator', 'sandbox', 'production']).default('simulator'),
  SMS_BASE_URL: z.url().optional(),
  AT_USERNAME: z.string().min(1).max(100).optional(),
  AT_API_KEY: z.string().min(1).optional(),
  /** Alphanumeric sender id or shortcode registered with Africa's Talking. */
  AT_SENDER_ID: z.string().min(1).max(11).optional(),
  /** Secret path segment of the delivery-report URL set on AT's dashboard; without it reports are ignored (generated in simulator mode). */
  SMS_DELIVERY_REPORT_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be 16–128 URL-safe characters')
    .optional(),
  /** How long a one-time SMS code works (5 minutes; shorter only to test expiry end to end). */
  OTP_TTL_SECONDS: z.coerce.number().int().min(1).max(900).default(300),
  /** One-time codes (SMS or e-mail) asked for from one client IP in an hour (0: no limit). */
  OTP_SEND_LIMIT_PER_IP: z.coerce.number().int().min(0).default(30),
  /** Loopback port of the SMS simulator `npm start` runs in simulator mode (0: any free port). */
  SMS_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** How long the simulated handset takes to report delivery. */
  SMS_SIMULATOR_REPORT_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  /** HMAC key of media playback tokens; generated and kept in DATA_DIR when unset. */
  MEDIA_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Object storage (S3 or any S3-compatible service). Without S3_BUCKET, media lives under DATA_DIR.
  S3_BUCKET: z.string().min(1).optional(),
  /** Non-AWS services (R2, B2, MinIO); absent means AWS. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** `bucket` in the path rather than the host name; most non-AWS services want it. */
  S3_FORCE_PATH_STYLE: bool.optional(),
  /** Keys start with this (several deployments sharing one bucket). */
  S3_PREFIX: z
    .string()
    .regex(
      /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/,
      'must be a key prefix like darasa/ (letters, digits, . _ - and /)',
    )
    .refine((p) => !p.split('/').some((part) => part === '.' || part === '..'), 'must not contain . or .. segments')
    .optional(),
});

/** Read-only once loaded: values known only at start-up (the bound port) go in before anyone reads it. */
export type Config = Readonly<
  z.infer<typeof schema> & {
    publicUrl: string;
    dataDir: string;
    mpesa: Readonly<MpesaSettings>;
    sms: Readonly<SmsSettings>;
    /** Null: media on local disk under DATA_DIR. */
    s3: Readonly<S3Settings> | null;
  }
>;

export interface S3Settings {
  bucket: string;
  /** Null: AWS's own endpoint for the region. */
  endpoint: string | null;
  region: string;
  /** Null: the AWS SDK's default chain (instance role, ~/.aws, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  forcePathStyle: boolean;
  /** '' or ends with '/'. */
  prefix: string;
}

function s3Settings(c: z.infer<typeof schema>): S3Settings | null {
  if (!c.S3_BUCKET) return null;
  if (!c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  }
  const prefix = c.S3_PREFIX ?? '';
  return {
    bucket: c.S3_BUCKET,
    endpoint: c.S3_ENDPOINT ?? null,
    region: c.S3_REGION,
    credentials:
      c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY }
        : null,
    forcePathStyle: c.S3_FORCE_PATH_STYLE ?? Boolean(c.S3_ENDPOINT),
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
  };
}

export class ConfigError extends Error {}

export interface MpesaSettings {
  env: 'simulator' | 'sandbox' | 'production';
  /** Daraja's origin; null in simulator mode without MPESA_BASE_URL (`npm start` then runs a simulator). */
  baseUrl: string | null;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  partyB: string;
  transactionType: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
  /** Null: use PUBLIC_URL (the simulator calls back on this machine). */
  callbackBaseUrl: string | null;
  callbackSecret: string;
  /** Null: callbacks are accepted from any address (the secret in their path still decides). */
  callbackAllowedIps: readonly string[] | null;
  initiatorName: string | null;
  securityCredential: string | null;
  b2cShortcode: string;
  b2cResultSecret: string;
}

const DARAJA_URLS = { sandbox: 'https://sandbox.safaricom.co.ke', production: 'https://api.safaricom.co.ke' };
// Simulator mode's defaults: the simulator's own credentials (common/simulatorCredentials.ts) and ours.
// Callback secrets are never defaults: anyone who knows one can forge M-Pesa's word (decision 0041).
const SIMULATOR_DEFAULTS = { ...MPESA_SIMULATOR_CREDENTIALS, b2cShortcode: '600000' };

/** Files in DATA_DIR holding the callback secrets generated when none is configured (one per purpose). */
export const GENERATED_SECRET_FILES = {
  mpesaCallback: 'mpesa-callback-secret',
  mpesaB2cResult: 'mpesa-b2c-result-secret',
  smsDeliveryReport: 'sms-delivery-report-secret',
} as const;

/**
 * A secret configured, or else generated in DATA_DIR when first read: processes that never build a callback
 * URL (backup, restore) leave DATA_DIR as they found it; those that serve read it at start-up (their logger
 * redacts it).
 */
function secretOrGenerated(configured: string | undefined, dataDir: string, file: string): () => string {
  let value = configured;
  return () => (value ??= generatedSecret(dataDir, file).value);
}

function mpesaSettings(c: z.infer<typeof schema>, dataDir: string): MpesaSettings {
  const real = c.MPESA_ENV !== 'simulator';
  if (real) {
    const required = [
      'MPESA_CONSUMER_KEY',
      'MPESA_CONSUMER_SECRET',
      'MPESA_SHORTCODE',
      'MPESA_PASSKEY',
      'MPESA_CALLBACK_BASE_URL',
      'MPESA_CALLBACK_SECRET',
      // Payouts (B2C) and their status queries.
      'MPESA_B2C_SHORTCODE',
      'MPESA_INITIATOR_NAME',
      'MPESA_SECURITY_CREDENTIAL',
    ] as const;
    const missing = required.filter((k) => !c[k]);
    if (missing.length) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((k) => `  ${k}: required when MPESA_ENV=${c.MPESA_ENV}`).join('\n')}`,
      );
    }
    if (!c.MPESA_CALLBACK_BASE_URL!.startsWith('https://')) {
      throw new ConfigError('Invalid configuration:\n  MPESA_CALLBACK_BASE_URL: Safaricom only calls https URLs');
    }
  }
  const shortcode = c.MPESA_SHORTCODE ?? SIMULATOR_DEFAULTS.shortcode;
  // Required outside the simulator (above), so generated only in simulator mode.
  const callbackSecret = secretOrGenerated(c.MPESA_CALLBACK_SECRET, dataDir, GENERATED_SECRET_FILES.mpesaCallback);
  const b2cResultSecret = secretOrGenerated(
    c.MPESA_B2C_RESULT_SECRET ?? c.MPESA_CALLBACK_SECRET,
    dataDir,
    GENERATED_SECRET_FILES.mpesaB2cResult,
  );
  return {
    env: c.MPESA_ENV,
    baseUrl:
      (c.MPESA_BASE_URL ?? (real ? DARAJA_URLS[c.MPESA_ENV as 'sandbox' | 'production'] : null))?.replace(/\/$/, '') ??
      null,
    consumerKey: c.MPESA_CONSUMER_KEY ?? SIMULATOR_DEFAULTS.consumerKey,
    consumerSecret: c.MPESA_CONSUMER_SECRET ?? SIMULATOR_DEFAULTS.consumerSecret,
    shortcode,
    passkey: c.MPESA_PASSKEY ?? SIMULATOR_DEFAULTS.passkey,
    partyB: c.MPESA_PARTY_B ?? shortcode,
    transactionType: c.MPESA_TRANSACTION_TYPE,
    callbackBaseUrl: c.MPESA_CALLBACK_BASE_URL?.replace(/\/$/, '') ?? null,
    get callbackSecret() {
      return callbackSecret();
    },
    callbackAllowedIps: c.MPESA_CALLBACK_ALLOWED_IPS ?? null,
    // The simulator accepts any initiator, so refunds work in demos without portal credentials.
    initiatorName: c.MPESA_INITIATOR_NAME ?? (real ? null : 'darasa-simulator'),
    securityCredential: c.MPESA_SECURITY_CREDENTIAL ?? (real ? null : 'simulator-credential'),
    b2cShortcode: c.MPESA_B2C_SHORTCODE ?? SIMULATOR_DEFAULTS.b2cShortcode,
    get b2cResultSecret() {
      return b2cResultSecret();
    },
  };
}

export interface SmsSettings {
  env: 'simulator' | 'sandbox' | 'production';
  /** Africa's Talking's origin; null in simulator mode without SMS_BASE_URL (`npm start` then runs one). */
  baseUrl: string | null;
  username: string;
  apiKey: string;
  senderId: string | null;
  /** Null: delivery reports are not accepted. */
  deliveryReportSecret: string | null;
}

const AT_URLS = { sandbox: 'https://api.sandbox.africastalking.com', production: 'https://api.africastalking.com' };
function smsSettings(c: z.infer<typeof schema>, dataDir: string): SmsSettings {
  const real = c.SMS_ENV !== 'simulator';
  const required =
    c.SMS_ENV === 'production'
      ? (['AT_USERNAME', 'AT_API_KEY', 'AT_SENDER_ID'] as const)
      : real
        ? (['AT_API_KEY'] as const)
        : [];
  const missing = required.filter((k) => !c[k]);
  if (missing.length)
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((k) => `  ${k}: required when SMS_ENV=${c.SMS_ENV}`).join('\n')}`,
    );
  const deliveryReportSecret = real
    ? () => c.SMS_DELIVERY_REPORT_SECRET ?? null
    : secretOrGenerated(c.SMS_DELIVERY_REPORT_SECRET, dataDir, GENERATED_SECRET_FILES.smsDeliveryReport);
  return {
    env: c.SMS_ENV,
    baseUrl:
      (c.SMS_BASE_URL ?? (real ? AT_URLS[c.SMS_ENV as 'sandbox' | 'production'] : null))?.replace(/\/$/, '') ?? null,
    username: c.AT_USERNAME ?? SMS_SIMULATOR_CREDENTIALS.username,
    apiKey: c.AT_API_KEY ?? SMS_SIMULATOR_CREDENTIALS.apiKey,
    senderId: c.AT_SENDER_ID ?? null,
    get deliveryReportSecret() {
      return deliveryReportSecret();
    },
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const refusal = simulatorRefusal(c);
  if (refusal) throw new ConfigError(refusal);
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    ...c,
    dataDir,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    mpesa: mpesaSettings(c, dataDir),
    sms: smsSettings(c, dataDir),
    s3: s3Settings(c),
  };
}

/** The secrets that travel in callback URLs: redacted from every record and log line (decision 0041). */
export function urlSecrets(config: Pick<Config, 'mpesa' | 'sms'>): string[] {
  return [config.mpesa.callbackSecret, config.mpesa.b2cResultSecret, config.sms.deliveryReportSecret].filter(
    (s): s is string => !!s,
  );
}
