// The account operations behind the sign-in, registration, password, account and customer pages (server
// only): each takes the loader's or action's arguments and runs its operation with the request's services.
import type { RouterContextProvider } from 'react-router';
import { ACCOUNT_TEXT } from '#common/accounts/accountSettingsText.ts';
import { clearSessionCookie } from '#server/edge/clearSessionCookie.ts';
import { isNewAccount } from '#server/modules/accounts/isNewAccount.ts';
import { listCustomerGrid, type CustomerTab } from '#server/modules/accounts/listCustomerGrid.ts';
import { deleteMyAccount } from '#server/modules/accounts/personalData/deleteMyAccount.ts';
import { getAccountSettings } from '#server/modules/accounts/personalData/getAccountSettings.ts';
import { requestDeletionCode } from '#server/modules/accounts/personalData/requestDeletionCode.ts';
import { changeMyName } from '#server/modules/accounts/settings/changeMyName.ts';
import { changeMyPassword } from '#server/modules/accounts/settings/changeMyPassword.ts';
import { confirmEmailChange } from '#server/modules/accounts/settings/confirmEmailChange.ts';
import { confirmPhoneChange } from '#server/modules/accounts/settings/confirmPhoneChange.ts';
import { listMySessions } from '#server/modules/accounts/settings/listMySessions.ts';
import { requestEmailChange } from '#server/modules/accounts/settings/requestEmailChange.ts';
import { requestPasswordCode } from '#server/modules/accounts/settings/requestPasswordCode.ts';
import { requestPhoneChange } from '#server/modules/accounts/settings/requestPhoneChange.ts';
import { signOutOtherSessions } from '#server/modules/accounts/settings/signOutOtherSessions.ts';
import { resetPasswordByPhone } from '#server/modules/accounts/phone/resetPasswordByPhone.ts';
import { requestPasswordReset } from '#server/modules/accounts/requestPasswordReset.ts';
import { resetPassword } from '#server/modules/accounts/resetPassword.ts';
import { listMyCourses } from '#server/modules/learning/listMyCourses.ts';
import { registerAccount } from '#server/modules/accounts/registerAccount.ts';
import type { CodeRequired } from '#server/modules/accounts/sendSignInCode.ts';
import type { Services } from '#server/core/services.ts';
import { getPurchaseState } from '#server/modules/payments/getPurchaseState.ts';
import { requireArea } from './authGuard.server.ts';
import { serverContext } from './context.server.ts';

export { signIn } from '#server/modules/accounts/signIn.ts';
export { signInWithCode } from '#server/modules/accounts/signInWithCode.ts';
export { completeRegistration } from '#server/modules/accounts/completeRegistration.ts';
export { parseCustomerTab, type CustomerTab } from '#server/modules/accounts/listCustomerGrid.ts';
export type { SavedCourse } from '#server/modules/accounts/myList/savedCourse.ts';
export { signInWithPhone } from '#server/modules/accounts/phone/signInWithPhone.ts';
export { registerByPhone } from '#server/modules/accounts/phone/registerByPhone.ts';

type Args = { context: Readonly<RouterContextProvider> };

/** /account's page: who is signed in, their settings, how deleting is confirmed, and their devices. */
export async function loadAccountPage(args: Args) {
  const { services, actor, sessionId } = serverContext(args.context);
  const [settings, sessions] = await Promise.all([
    getAccountSettings(services, actor),
    listMySessions(services, actor, { sessionId }),
  ]);
  return { ...settings, sessions };
}

/** What /account's forms change, by their `intent` (decision 0048); each throws the operation's refusal. */
export async function changeAccountSetting(args: Args, intent: string, form: Record<string, string>) {
  const { services, actor, sessionId, clientIp } = serverContext(args.context);
  switch (intent) {
    case 'name':
      await changeMyName(services, actor, form);
      return { done: ACCOUNT_TEXT.nameSaved };
    case 'password-code':
      return { sent: await requestPasswordCode(services, actor, { clientIp }) };
    case 'password':
      await changeMyPassword(services, actor, { form, sessionId });
      return { done: ACCOUNT_TEXT.passwordChanged };
    case 'email':
      await requestEmailChange(services, actor, { form, clientIp });
      return { done: ACCOUNT_TEXT.emailLinkSent };
    case 'phone':
      return { sent: await requestPhoneChange(services, actor, { form, clientIp }) };
    case 'phone-confirm':
      await confirmPhoneChange(services, actor, form);
      return { done: ACCOUNT_TEXT.phoneChanged };
    case 'sign-out-others':
      await signOutOtherSessions(services, actor, { sessionId });
      return { done: ACCOUNT_TEXT.othersSignedOut };
    default:
      return null;
  }
}

/** /account/email: the link sent to a new address. */
export function confirmNewEmail(args: Args, input: { token: string }) {
  return confirmEmailChange(serverContext(args.context).services, input);
}

/** /account, phone-only accounts: sends the code that confirms deletion. */
export function sendDeletionCode(args: Args) {
  const { services, actor, clientIp } = serverContext(args.context);
  return requestDeletionCode(services, actor, { clientIp });
}

/** /account's "Delete my account": answers the cookie that signs this browser out. */
export async function deleteMyAccountAndSignOut(args: Args, input: Record<string, string>): Promise<string> {
  const { services, actor } = serverContext(args.context);
  await deleteMyAccount(services, actor, input);
  return clearSessionCookie(services);
}

/** /forgot-password by e-mail: sends a reset link (limited per address and e-mail). */
export function requestResetLink(args: Args, input: { email: unknown }): Promise<void> {
  const { services, clientIp } = serverContext(args.context);
  return requestPasswordReset(services, { ...input, clientIp });
}

/** /forgot-password by phone, second step: the SMS code and the new password. */
export function resetPasswordWithCode(args: Args, form: unknown): Promise<void> {
  return resetPasswordByPhone(serverContext(args.context).services, form);
}

/** /reset-password: the e-mailed link's token and the new password. */
export function resetPasswordWithLink(args: Args, input: { token: unknown; password: unknown }): Promise<void> {
  return resetPassword(serverContext(args.context).services, input);
}

/** /customer (customers only): a tab of the course grid with what they may buy of it, or their own courses. */
export async function loadCustomerHome(args: Args & { request: Request }, { tab }: { tab: CustomerTab }) {
  const actor = requireArea(args, 'customer');
  const { services } = serverContext(args.context);
  const newAccount = await isNewAccount(services, actor);
  if (tab === 'mine')
    return {
      name: actor.name,
      newAccount,
      tab,
      courses: [],
      owned: await listMyCourses(services, actor),
      purchase: null,
    };
  const courses = await listCustomerGrid(services, { tab });
  const purchase = await getPurchaseState(services, actor, { courseIds: courses.map((c) => c.id) });
  return { name: actor.name, newAccount, tab, courses, owned: [], purchase };
}

/** /register by e-mail, first step: the form, then the code step (a code, or the owner's notice, by e-mail). */
export async function startRegistration(
  services: Services,
  input: { form: unknown; clientIp: string },
): Promise<{ codeRequired: CodeRequired }> {
  return { codeRequired: await registerAccount(services, input) };
}
