// The rules of one-time codes (docs/decisions/0021). Sending limits protect the SMS bill and the owner's
// phone from floods; they are counted per IP first, then per phone *and* IP, and only then against the
// phone as a whole, so one stranger's address can use up at most PER_PHONE_AND_IP of the phone's budget.
// Wrong guesses count against the code they guess (its challenge id is known only to whoever asked for
// it), so a stranger's guesses never use up the owner's code.
export const OTP = {
  digits: 6,
  // Valid for OTP_TTL_SECONDS (default 5 minutes).
  maxTries: 5,
  /** The form offers "Send a new code" after this long. */
  resendAfterS: 60,
  send: {
    /** Per client IP an hour: `max` is the default of OTP_SEND_LIMIT_PER_IP, which sets it. */
    perIp: { window: 3600, max: 30 },
    perPhoneAndIp: { window: 900, max: 3 },
    perPhone: { window: 3600, max: 10 },
    /** A day's cap per number on top: floods of codes cost SMS money and the owner's peace. */
    perPhoneDay: { window: 24 * 3600, max: 20 },
  },
} as const;

/** `sign-in-step`: the code a correct password needs past the account-wide sign-in limit; `delete`: deleting a
 * phone-only account; `sign-up-email`: the code e-mailed to a new address before its account is made. */
export type OtpPurpose =
  | 'sign-in'
  | 'sign-up'
  | 'reset'
  | 'sign-in-step'
  | 'delete'
  | 'sign-up-email'
  | 'set-password'
  | 'phone-change';
