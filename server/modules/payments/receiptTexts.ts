import type { Locale } from '#common/accounts/locale.ts';

// The receipt PDF's words in the reader's language (the page's are in the catalogues, receipt.*). Kiswahili
// needs no letter outside the standard PDF fonts' Windows-1252.
export const RECEIPT_TEXTS: Record<
  Locale,
  {
    title: string;
    buyer: string;
    course: string;
    amount: string;
    mpesaReceipt: string;
    pending: string;
    date: string;
    purchaseId: string;
    refunded: string;
    thanks: string;
    /** An instalment part (decision 0068). */
    part: (part: number, parts: number) => string;
  }
> = {
  en: {
    title: 'Receipt',
    buyer: 'Buyer',
    course: 'Course',
    amount: 'Amount',
    mpesaReceipt: 'M-Pesa receipt',
    pending: 'Being confirmed with M-Pesa',
    date: 'Date',
    purchaseId: 'Purchase ID',
    refunded: 'This purchase was refunded.',
    thanks: 'Thank you for learning with Darasa.',
    part: (part, parts) => `Part ${part} of ${parts}`,
  },
  sw: {
    title: 'Risiti',
    buyer: 'Mnunuzi',
    course: 'Kozi',
    amount: 'Kiasi',
    mpesaReceipt: 'Risiti ya M-Pesa',
    pending: 'Inathibitishwa na M-Pesa',
    date: 'Tarehe',
    purchaseId: 'Nambari ya ununuzi',
    refunded: 'Pesa za ununuzi huu zilirejeshwa.',
    thanks: 'Asante kwa kujifunza na Darasa.',
    part: (part, parts) => `Awamu ya ${part} kati ya ${parts}`,
  },
};
