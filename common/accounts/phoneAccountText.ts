// Every English string of phone-first accounts (forms, errors, plain-words SMS failures) in one place, for
// the Kiswahili catalogue to take over (issue 13). The SMS texts themselves are in
// server/modules/messaging/smsTexts.ts, already in both languages.
export const PHONE_TEXT = {
  signInWithPhone: 'Sign in with phone',
  signInWithEmail: 'Sign in with email',
  signUpWithPhone: 'Sign up with phone',
  signUpWithEmail: 'Sign up with email',
  phoneLabel: 'Phone number',
  phoneHint: 'We send a 6-digit code by SMS. Kenyan numbers only.',
  sendCode: 'Send code',
  sendingCode: 'Sending code...',
  enterCode: 'Enter the code',
  codeLabel: '6-digit code',
  codeSentTo: (phone: string, minutes: number) =>
    `We sent a code to ${phone}. It works for ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  verify: 'Continue',
  verifying: 'Checking...',
  resendIn: (s: number) => `Send a new code in ${s} s`,
  resend: 'Send a new code',
  changeNumber: 'Change number',
  emailOptional: 'Email (optional for learners)',
  emailForCreators: 'Creators need an email for payouts and statements.',
  language: 'Language',
  languageNames: { en: 'English', sw: 'Kiswahili' },
  forgotByPhone: 'Reset by SMS code instead',
  newPassword: 'New password',
  setPassword: 'Set new password',
  passwordResetDone: 'Your password has been changed. Please sign in.',
  // Server answers
  phoneInvalid: 'Please enter a Kenyan mobile number, e.g. 0712 345 678.',
  noAccountForPhone: 'No account uses this phone number yet. Create an account instead.',
  phoneTaken: 'An account with this phone number already exists. Please sign in instead.',
  creatorNeedsEmail: 'Creators need an email address (for payouts and statements).',
  codeFormat: 'Please enter the 6-digit code we sent you.',
  codeWrong: 'That code is not right. Please check the message and try again.',
  codeExpired: 'This code has expired or was already used. Please ask for a new one.',
  codeTooManyTries: 'Too many wrong codes. Please ask for a new one.',
  tooManyCodes: 'Too many codes asked for this number. Please wait a while and try again.',
  tooManyCodesToday: 'This number has had as many codes as we send in one day. Please try again tomorrow.',
  smsInvalidNumber:
    'We could not send an SMS to this number. Please check it is a Kenyan mobile number that can receive SMS.',
  smsBlocked: 'This number does not accept messages from Darasa. Please use another number or sign in with email.',
  smsUnavailable: 'We could not send the SMS just now. Please try again in a few minutes.',
  smsNotDelivered:
    'The SMS could not be delivered to this number. Check the phone is on and has signal, then send a new code.',
} as const;
