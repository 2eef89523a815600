import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ACCOUNT_TEXT } from '#common/accounts/accountSettingsText.ts';
import { toLocale } from '#common/accounts/locale.ts';
import { emailSchema } from '#common/accounts/registrationSchema.ts';
import type { Actor } from '#server/core/actor.ts';
import { invalidInput, unauthenticated } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';
import { newId } from '#server/lib/ids.ts';
import { sendEmail } from '../../messaging/sendEmail.ts';
import { SMS_TEXTS } from '../../messaging/smsTexts.ts';
import { limitOtpSends } from '../phone/limitOtpSends.ts';

/** How long the link sent to the new address works. */
export const EMAIL_CHANGE_MINUTES = 60;

/** The stored form of a link's token (the token itself is only in the e-mail). */
export const emailChangeTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Asks to move the signed-in person's account to a new e-mail address (decision 0048). The new address gets
 * a single-use link (EMAIL_CHANGE_MINUTES) and nothing changes until it is opened (confirmEmailChange); the
 * current address is told. An address that already has an account gets a notice instead of a link, and the
 * answer and the work are the same, so the form does not tell who is registered. Counted like e-mailed codes
 * (per address and IP, per address, per IP) before anything is looked up.
 */
export async function requestEmailChange(
  services: Services,
  actor: Actor,
  { form, clientIp }: { form: unknown; clientIp: string },
): Promise<void> {
  if (!actor) throw unauthenticated();
  const { email } = parseInput(z.object({ email: emailSchema }), form);
  const db = services.database.db;
  const me = await db
    .selectFrom('user')
    .select(['name', 'email', 'locale'])
    .where('id', '=', actor.userId)
    .executeTakeFirstOrThrow();
  if (me.email === email) throw invalidInput(ACCOUNT_TEXT.emailSame, { email: ACCOUNT_TEXT.emailSame });
  await limitOtpSends(services, { phone: `email:${email}`, clientIp });
  const owner = await db.selectFrom('user').select(['name', 'locale']).where('email', '=', email).executeTakeFirst();
  const token = randomBytes(32).toString('base64url');
  const now = services.clock.now();
  // A taken address still gets a row (never usable: its token is sent to no one), so both paths do the same work.
  await db
    .insertInto('emailChange')
    .values({
      id: newId(),
      userId: actor.userId,
      newEmail: email,
      tokenHash: emailChangeTokenHash(token),
      expiresAt: new Date(now.getTime() + (owner ? 0 : EMAIL_CHANGE_MINUTES * 60_000)),
      usedAt: owner ? now : null,
      createdAt: now,
    })
    .execute();
  const locale = toLocale(me.locale);
  if (owner) {
    const ownerLocale = toLocale(owner.locale);
    await sendEmail(services.config, services.log, {
      to: email,
      subject: SMS_TEXTS.emailChangeTakenSubject[ownerLocale](),
      text: SMS_TEXTS.emailChangeTakenBody[ownerLocale](owner.name),
    });
  } else {
    await sendEmail(services.config, services.log, {
      to: email,
      subject: SMS_TEXTS.emailChangeLinkSubject[locale](),
      text: SMS_TEXTS.emailChangeLinkBody[locale]({
        name: me.name,
        minutes: EMAIL_CHANGE_MINUTES,
        link: `${services.config.publicUrl}/account/email?token=${token}`,
      }),
    });
  }
  if (me.email)
    await sendEmail(services.config, services.log, {
      to: me.email,
      subject: SMS_TEXTS.emailChangeNoticeSubject[locale](),
      text: SMS_TEXTS.emailChangeNoticeBody[locale](me.name, email),
    });
}
