// The English words of the account settings (/account) that the server answers with: the catalogues
// translate them by these sentences (decision 0030, "server messages").
export const ACCOUNT_TEXT = {
  nameSaved: 'Your name was saved.',
  passwordChanged: 'Your password was changed. Your other devices were signed out.',
  currentPasswordNeeded: 'Enter your current password.',
  currentPasswordWrong: 'That password is not right. Your password was not changed.',
  passwordCodeNeeded: 'Enter the code we sent to your phone to set a password.',
  noPhoneForCode: 'This account has a password: enter it to change the password.',
  emailLinkSent: 'If that address can be used, we sent a link to it. Your e-mail changes when you open the link.',
  emailSame: 'That is already your e-mail.',
  emailLinkBad: 'This link is invalid, has expired or was already used. Please ask for a new one.',
  emailChanged: 'Your e-mail was changed.',
  phoneSame: 'That is already your phone number.',
  phoneCodeNeeded: 'Enter the code we sent to your new number.',
  phoneChanged: 'Your M-Pesa number was changed.',
  othersSignedOut: 'Your other devices were signed out.',
} as const;
