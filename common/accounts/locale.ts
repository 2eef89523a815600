// The languages a person can choose (sign-up's "Language" choice); SMS go out in it.
export const LOCALES = ['en', 'sw'] as const;
export type Locale = (typeof LOCALES)[number];

export function toLocale(v: unknown): Locale {
  return v === 'sw' ? 'sw' : 'en';
}
