import { GIFT_FORM_TEXT } from '#common/payments/giftText.ts';

// The words of gift refusals and states (docs/product.md, "Gifts"); app/locales has them as server messages.
export const GIFT_TEXT = {
  ...GIFT_FORM_TEXT,
  free: 'A free course cannot be sent as a gift: share its link instead.',
  notFound: 'This gift link does not work. Ask the person who sent it to resend the SMS.',
  alreadyClaimed: 'This gift has already been claimed.',
  cancelled: 'This gift was refunded to the person who sent it, so it can no longer be claimed.',
  notPaid: 'This gift has not been paid for yet.',
  wrongNumber:
    'This gift was sent to another phone number. Sign out, then sign in with the number that received the SMS.',
  notCustomer: 'Only a learner account can claim a gift. Sign in with the phone number that received the SMS.',
  alreadyOwned:
    'You already own this course, so this gift cannot be added to your account. The person who sent it can have it refunded.',
  resendLimit: 'This gift’s SMS has been sent again 3 times already.',
  resendClosed: 'Only a gift that is paid for and not yet claimed or refunded can be sent again.',
  refundClosed: 'Only a gift that is paid for and not yet claimed can be refunded.',
} as const;

export const MAX_GIFT_RESENDS = 3;
