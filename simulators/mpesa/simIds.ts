// Identifiers shaped like M-Pesa's, shared by the simulator's API areas.
import { randomBytes } from 'node:crypto';

const DIGITS = '0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
function pick(alphabet: string, n: number): string {
  return [...randomBytes(n)].map((b) => alphabet[b % alphabet.length]).join('');
}
export const rand = (n: number) => pick(DIGITS, n);
/** Receipt numbers look like M-Pesa's: ten capitals and digits, starting with letters. */
export const receiptNumber = () => pick(UPPER, 3) + pick(UPPER + DIGITS, 7);
