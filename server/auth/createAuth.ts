import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { newId } from '#server/lib/ids.ts';
import { resolveAuthSecret } from './authSecret.ts';
import type { ConsumeRateLimit, SendResetLink } from './authNeeds.ts';
import type { Config } from '#server/config/config.ts';
import type { Database } from '#server/db/connect.ts';
import type { Logger } from '#server/logging/logger.ts';
import { toLocale } from '#common/accounts/locale.ts';

const CLIENT_IP_HEADER = 'x-darasa-client-ip';

/** A copy of a request's headers carrying the client address we resolved, for better-auth. */
export function withClientIp(headers: Headers, clientIp: string): Headers {
  const copy = new Headers(headers);
  copy.set(CLIENT_IP_HEADER, clientIp);
  return copy;
}

/** Sessions last 30 days and are extended (with a fresh cookie) once a day of use. */
export const SESSION_SECONDS = 30 * 24 * 3600;
export const SESSION_REFRESH_SECONDS = 24 * 3600;
export const SESSION_COOKIE = 'darasa.session_token';

export const SUSPENDED_MESSAGE = 'This account has been suspended. Please contact support.';
/** A reset link works once, for this long. */
const RESET_LINK_SECONDS = 30 * 60;

/**
 * better-auth on our Kysely database and the tables of migrations 0001/0004: scrypt passwords (its default:
 * N=16384, r=16, p=1, 64-byte key), sessions in the `session` table behind an HttpOnly, SameSite=Lax cookie
 * (Secure when PUBLIC_URL is https), requests from foreign origins refused. Accounts are created by
 * createAccount (one transaction with the profile and its counter), so its own sign-up is off, and the
 * form endpoints are reached only through our validated, rate-limited operations.
 */
export function createAuth({
  config,
  database,
  log,
  consumeRateLimit,
  sendResetLink,
}: {
  config: Config;
  database: Database;
  log: Logger;
  /** better-auth's own request limiter counts in our rate-limit table. */
  consumeRateLimit: ConsumeRateLimit;
  sendResetLink: SendResetLink;
}) {
  const origin = new URL(config.publicUrl).origin;
  return betterAuth({
    appName: 'Darasa',
    baseURL: config.publicUrl,
    secret: resolveAuthSecret(config, log),
    database: { db: database.db, type: database.dialect, transaction: database.dialect === 'postgres' },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await sendResetLink({
          to: user.email,
          name: user.name,
          // In the person's own language (their account's setting), like the SMS and the receipt.
          locale: toLocale((user as { locale?: unknown }).locale),
          link,
          minutes: RESET_LINK_SECONDS / 60,
        });
      },
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: true, input: false, defaultValue: 'customer' },
        phone: { type: 'string', required: true, input: false, defaultValue: '' },
        status: { type: 'string', required: true, input: false, defaultValue: 'active' },
        locale: { type: 'string', required: true, input: false, defaultValue: 'en' },
      },
    },
    session: { expiresIn: SESSION_SECONDS, updateAge: SESSION_REFRESH_SECONDS },
    // Reset tokens are stored hashed: a leaked database does not hand out live reset links.
    verification: { storeIdentifier: 'hashed' },
    databaseHooks: {
      session: {
        create: {
          // The one gate every new session passes: suspended users cannot sign in by any route.
          before: async (session) => {
            const user = await database.db
              .selectFrom('user')
              .select('status')
              .where('id', '=', session.userId)
              .executeTakeFirst();
            if (user?.status !== 'active') throw new APIError('FORBIDDEN', { message: SUSPENDED_MESSAGE });
          },
        },
      },
    },
    // Only the session endpoints stay reachable over HTTP; forms go through our own actions.
    disabledPaths: [
      '/sign-up/email',
      '/sign-in/email',
      '/request-password-reset',
      '/reset-password',
      '/update-user',
      '/change-email',
      '/delete-user',
    ],
    trustedOrigins: (request) =>
      // Without PUBLIC_URL (development, tests on a random port) the page's own origin is trusted too.
      config.PUBLIC_URL || !request ? [origin] : [origin, requestOrigin(request)],
    rateLimit: {
      enabled: true,
      window: 60,
      max: 120,
      customStorage: { consume: (key, rule) => consumeRateLimit(`http:${key}`, rule) },
    },
    advanced: {
      cookiePrefix: 'darasa',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      database: { generateId: () => newId() },
      // Set by us on every call from the resolved client address (TRUST_PROXY decides how): never the client's word.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    logger: {
      level: 'warn',
      log: (level, message) =>
        log[level === 'error' ? 'error' : level === 'warn' ? 'debug' : level]({ auth: true }, message),
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

function requestOrigin(request: Request): string {
  const url = new URL(request.url);
  const host = request.headers.get('host');
  return host ? `${url.protocol}//${host}` : url.origin;
}
