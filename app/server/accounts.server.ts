// The account operations behind the sign-in, registration, password and customer pages (server only).
export { signIn } from '#server/modules/accounts/signIn.ts';
export { registerAccount } from '#server/modules/accounts/registerAccount.ts';
export { requestPasswordReset } from '#server/modules/accounts/requestPasswordReset.ts';
export { resetPassword } from '#server/modules/accounts/resetPassword.ts';
export type { AuthResult } from '#server/modules/accounts/startSession.ts';
export { listCustomerGrid, parseCustomerTab, type CustomerTab } from '#server/modules/accounts/listCustomerGrid.ts';
export { listMyList, type SavedCourse } from '#server/modules/accounts/myList/savedCourse.ts';
export { saveToMyList } from '#server/modules/accounts/myList/saveToMyList.ts';
export { requestPhoneCode, type CodeSent } from '#server/modules/accounts/phone/requestPhoneCode.ts';
export { signInWithPhone } from '#server/modules/accounts/phone/signInWithPhone.ts';
export { registerByPhone } from '#server/modules/accounts/phone/registerByPhone.ts';
export { resetPasswordByPhone } from '#server/modules/accounts/phone/resetPasswordByPhone.ts';
export { exportMyData } from '#server/modules/accounts/personalData/exportMyData.ts';
export { deleteMyAccount } from '#server/modules/accounts/personalData/deleteMyAccount.ts';
export { clearSessionCookie } from '#server/edge/clearSessionCookie.ts';
