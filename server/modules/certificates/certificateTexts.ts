import type { Locale } from '#common/accounts/locale.ts';

// The certificate PDF's words in the reader's language (printed in DejaVu Sans: renderCertificatePdf.ts).
export const CERTIFICATE_TEXTS: Record<
  Locale,
  {
    title: string;
    certifies: string;
    completed: string;
    by: (creator: string) => string;
    code: (code: string) => string;
    verifyAt: (url: string) => string;
  }
> = {
  en: {
    title: 'Certificate of completion',
    certifies: 'This certifies that',
    completed: 'has completed every episode of',
    by: (creator) => `by ${creator}`,
    code: (code) => `Verification code ${code}`,
    verifyAt: (url) => `Verify at ${url}`,
  },
  sw: {
    title: 'Cheti cha kukamilisha kozi',
    certifies: 'Hiki ni kuthibitisha kwamba',
    completed: 'amekamilisha vipindi vyote vya kozi',
    by: (creator) => `iliyoandaliwa na ${creator}`,
    code: (code) => `Msimbo wa uthibitisho ${code}`,
    verifyAt: (url) => `Thibitisha kwenye ${url}`,
  },
};
