import type { ResetLinkEmail } from '#server/auth/authNeeds.ts';
import type { Config } from '#server/config/config.ts';
import type { Logger } from '#server/logging/logger.ts';
import { sendEmail } from './sendEmail.ts';
import { SMS_TEXTS } from './smsTexts.ts';

/** The e-mail with a password-reset link (better-auth makes the link; see createAuth's sendResetPassword). */
export function sendResetLinkEmail(config: Config, log: Logger, { to, name, locale, link, minutes }: ResetLinkEmail) {
  return sendEmail(config, log, {
    to,
    subject: SMS_TEXTS.resetEmailSubject[locale](),
    text: SMS_TEXTS.resetEmailBody[locale]({ name, minutes, link }),
  });
}
