import { z } from 'zod';

/** The words a creator and a learner see about announcements (docs/product.md "Announcements"). */
export const ANNOUNCEMENT_TEXT = {
  sent: 'Announcement sent',
  empty: 'Write your announcement first',
  tooLong: 'An announcement is at most 1,000 characters',
  emailLimit: 'This course has sent all its announcements for this month. You can send again next month.',
  smsLimit:
    'This course has sent all its SMS announcements for this month. Send it by e-mail only, or wait for next month.',
  noOwners: 'Nobody owns this course yet, so there is no one to write to.',
  notOwned: 'You do not own this course.',
  sendFailed: 'Failed to send the announcement. Please try again.',
  saved: 'Saved',
} as const;

export const ANNOUNCEMENT_MAX_CHARS = 1000;

export const announcementSchema = z.object({
  body: z
    .string({ message: ANNOUNCEMENT_TEXT.empty })
    .trim()
    .min(1, ANNOUNCEMENT_TEXT.empty)
    .max(ANNOUNCEMENT_MAX_CHARS, ANNOUNCEMENT_TEXT.tooLong),
  bySms: z.boolean().default(false),
});
export type AnnouncementInput = z.input<typeof announcementSchema>;

export const announcementsOffSchema = z.object({ off: z.boolean() });

/** The SMS an announcement sends: the course's name, then the creator's words (the same in both languages). */
export const announcementSms = (course: string, body: string) => `Darasa, ${course}: ${body}`;

// GSM-7's basic set (and its extension, two characters each): anything else makes the SMS UCS-2.
const GSM7 = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà^{}\\[~\]|€]*$/;
const EXTENDED = /[\^{}\\[~\]|€]/g;

/** How many SMS parts a text takes (what the gateway charges): 160/153 GSM-7 characters, 70/67 otherwise. */
export function smsParts(text: string): number {
  if (GSM7.test(text)) {
    const length = text.length + (text.match(EXTENDED)?.length ?? 0);
    return length <= 160 ? 1 : Math.ceil(length / 153);
  }
  const length = [...text].length;
  return length <= 70 ? 1 : Math.ceil(length / 67);
}

/** What the studio form shows before sending. */
export interface AnnouncementOverview {
  /** Owners who will get the e-mail (not opted out, with an e-mail address). */
  emailRecipients: number;
  /** Owners who will get the SMS when it is chosen (not opted out, with a proven phone). */
  smsRecipients: number;
  smsCostKes: number;
  courseTitle: string;
  emailLeft: number;
  smsLeft: number;
  recent: { id: string; body: string; bySms: boolean; recipients: number; smsCount: number; createdAt: string }[];
}
