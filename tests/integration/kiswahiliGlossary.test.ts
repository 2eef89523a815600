import { readFileSync } from 'node:fs';
import { formatter } from '@lingui/format-po';
import { describe, expect, it } from 'vitest';
import { CERTIFICATE_TEXTS } from '#server/modules/certificates/certificateTexts.ts';
import { SMS_TEXTS } from '#server/modules/messaging/smsTexts.ts';

// Every Kiswahili word a person reads — the catalogues, the SMS and e-mails, the certificate — against the
// glossary's table of words we do not use (docs/glossary.md), and against English left behind.

function bannedWords(): { word: string; instead: string }[] {
  const glossary = readFileSync('docs/glossary.md', 'utf8');
  const section = glossary.split(/^## Words we do not use$/m)[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2) // the header and its |---| line
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .map(([, word = '', instead = '']) => ({ word, instead }));
}

const po = formatter({ explicitIdAsDefault: true });
function catalogue(path: string): Record<string, string> {
  const parsed = po.parse(readFileSync(path, 'utf8'), { locale: 'sw', sourceLocale: 'en', filename: path }) as Record<
    string,
    { translation?: string }
  >;
  return Object.fromEntries(Object.entries(parsed).map(([id, m]) => [id, m.translation ?? '']));
}

/** Stands for any argument: every field and the value itself print as "X". */
const ANY: never = new Proxy({}, { get: (_, key) => (key === Symbol.toPrimitive ? () => 'X' : 'X') }) as never;

/** Every Kiswahili text, named by where it lives. */
function kiswahiliTexts(): [string, string][] {
  const messages = ['app/locales/sw.po', 'app/locales/studio/sw.po', 'app/locales/admin/sw.po'].flatMap((path) =>
    Object.entries(catalogue(path)).map(([id, text]): [string, string] => [`${path} ${id}`, text]),
  );
  const sms = Object.entries(SMS_TEXTS).map(([id, text]): [string, string] => [
    `smsTexts ${id}`,
    (text.sw as (...args: never[]) => string)(ANY, ANY),
  ]);
  const certificate = Object.entries(CERTIFICATE_TEXTS.sw).map(([id, text]): [string, string] => [
    `certificateTexts ${id}`,
    typeof text === 'string' ? text : text('X'),
  ]);
  return [...messages, ...sms, ...certificate];
}

/** English words no Kiswahili sentence has: their presence means an English phrase was left in. */
const ENGLISH = /\b(the|and|or|of|your|with|to|is|are|for|from)\b/i;
/** English on a Kiswahili page on purpose: the switch's hint speaks to someone who reads English. */
const ENGLISH_ON_PURPOSE = new Set(['app/locales/sw.po lang.switchHint']);

describe('the Kiswahili texts', () => {
  const texts = kiswahiliTexts();

  it('read the glossary’s rules', () => {
    const banned = bannedWords();
    expect(banned.map((b) => b.word)).toEqual(expect.arrayContaining(['mtayarishaji', 'onyesho', 'alama']));
    for (const b of banned) expect(b.instead, b.word).not.toBe('');
  });

  it('use none of the words the glossary rules out', () => {
    const offending = bannedWords().flatMap(({ word, instead }) => {
      const pattern = new RegExp(`(^|[^\\p{L}])${word}($|[^\\p{L}])`, 'iu');
      return texts.filter(([, text]) => pattern.test(text)).map(([where]) => `${where}: "${word}" → "${instead}"`);
    });
    expect(offending).toEqual([]);
  });

  it('leave no English phrase behind (placeholders and plural keywords aside)', () => {
    const words = (text: string) => text.replace(/\{[\w ]+\}|\b(plural|select|one|other)\b/g, ' ');
    const english = texts.filter(([where, text]) => ENGLISH.test(words(text)) && !ENGLISH_ON_PURPOSE.has(where));
    expect(english.map(([where]) => where)).toEqual([]);
  });

  it('say the sign-in code is a code (msimbo), in the SMS and the e-mails', () => {
    expect(SMS_TEXTS.otp.sw('123456', 5)).toBe(
      '123456 ni msimbo wako wa Darasa. Unatumika kwa dakika 5. Usimpe mtu yeyote.',
    );
    expect(SMS_TEXTS.codeEmailSubject.sw()).toBe('Msimbo wako wa kuingia Darasa');
    expect(SMS_TEXTS.signUpCodeEmailSubject.sw()).toBe('Msimbo wako wa kujisajili Darasa');
  });

  it('differ from the English in every SMS and e-mail', () => {
    const same = Object.entries(SMS_TEXTS).filter(
      ([, text]) =>
        (text.sw as (...args: never[]) => string)(ANY, ANY) === (text.en as (...args: never[]) => string)(ANY, ANY),
    );
    expect(same.map(([id]) => id)).toEqual([]);
  });
});
