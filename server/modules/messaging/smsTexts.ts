import type { Locale } from '#common/accounts/locale.ts';

// Every SMS (and the receipt and password-reset e-mails) we send, in English and Kiswahili: they go out in the
// person's language (`user.locale`). SMS are short, so that one
// message stays one SMS part (160 GSM-7 characters), and no characters outside GSM-7.
export const SMS_TEXTS = {
  otp: {
    en: (code: string, minutes: number) =>
      `${code} is your Darasa code. It works for ${minutes} minute${minutes === 1 ? '' : 's'}. Never share it with anyone.`,
    sw: (code: string, minutes: number) =>
      `${code} ni msimbo wako wa Darasa. Unatumika kwa dakika ${minutes}. Usimpe mtu yeyote.`,
  },
  receipt: {
    en: (r: ReceiptFacts) =>
      `Darasa: payment received. ${r.amount} for "${r.course}". M-Pesa ref ${r.ref}. Watch now: ${r.link}`,
    sw: (r: ReceiptFacts) =>
      `Darasa: malipo yamepokelewa. ${r.amount} kwa "${r.course}". Kumbukumbu ya M-Pesa ${r.ref}. Tazama sasa: ${r.link}`,
  },
  giftClaim: {
    en: (g: GiftFacts) =>
      `Darasa: ${g.from} gave you the course "${g.course}". Sign in with this number to get it: ${g.link}`,
    sw: (g: GiftFacts) =>
      `Darasa: ${g.from} amekupa zawadi ya kozi "${g.course}". Ingia kwa nambari hii uipate: ${g.link}`,
  },
  giftReceipt: {
    en: (r: ReceiptFacts) =>
      `Darasa: payment received. ${r.amount} for your gift "${r.course}". M-Pesa ref ${r.ref}. See if it was claimed: ${r.link}`,
    sw: (r: ReceiptFacts) =>
      `Darasa: malipo yamepokelewa. ${r.amount} kwa zawadi yako "${r.course}". Kumbukumbu ya M-Pesa ${r.ref}. Angalia kama imepokelewa: ${r.link}`,
  },
  giftReceiptEmailBody: {
    en: (r: ReceiptFacts) =>
      `Thank you for your gift.\n\nCourse: ${r.course}\nAmount: ${r.amount}\nM-Pesa receipt: ${r.ref}\n\nThe course is theirs once they sign in with the number you gave. See whether it was claimed: ${r.link}\n`,
    sw: (r: ReceiptFacts) =>
      `Asante kwa zawadi yako.\n\nKozi: ${r.course}\nKiasi: ${r.amount}\nRisiti ya M-Pesa: ${r.ref}\n\nKozi itakuwa yake akiingia kwa nambari uliyotoa. Angalia kama imepokelewa: ${r.link}\n`,
  },
  receiptEmailSubject: {
    en: (r: ReceiptFacts) => `Your Darasa receipt: ${r.course}`,
    sw: (r: ReceiptFacts) => `Risiti yako ya Darasa: ${r.course}`,
  },
  receiptEmailBody: {
    en: (r: ReceiptFacts) =>
      `Thank you for your purchase.\n\nCourse: ${r.course}\nAmount: ${r.amount}\nM-Pesa receipt: ${r.ref}\n\nYou have lifetime access. Watch now: ${r.link}\n`,
    sw: (r: ReceiptFacts) =>
      `Asante kwa ununuzi wako.\n\nKozi: ${r.course}\nKiasi: ${r.amount}\nRisiti ya M-Pesa: ${r.ref}\n\nUtaweza kuitazama milele. Tazama sasa: ${r.link}\n`,
  },
  refundDone: {
    en: (r: RefundFacts) => `Darasa: your refund of ${r.amount} for "${r.course}" is back on your M-Pesa.`,
    sw: (r: RefundFacts) => `Darasa: pesa zako ${r.amount} za "${r.course}" zimerudishwa kwenye M-Pesa yako.`,
  },
  refundFailed: {
    en: (r: RefundFacts) =>
      `Darasa: we could not complete your refund of ${r.amount} for "${r.course}" yet. We are on it and will tell you.`,
    sw: (r: RefundFacts) =>
      `Darasa: bado hatujaweza kukurudishia ${r.amount} za "${r.course}". Tunalishughulikia na tutakujulisha.`,
  },
  refundEmailSubject: {
    en: (r: RefundFacts) => `Your Darasa refund: ${r.course}`,
    sw: (r: RefundFacts) => `Kurejeshewa pesa Darasa: ${r.course}`,
  },
  refundDoneEmail: {
    en: (r: RefundFacts) =>
      `Your refund is complete.\n\nCourse: ${r.course}\nAmount: ${r.amount}\n\nM-Pesa has returned the money to the number you paid from. Your access to the course has ended.\n`,
    sw: (r: RefundFacts) =>
      `Pesa zako zimerejeshwa.\n\nKozi: ${r.course}\nKiasi: ${r.amount}\n\nM-Pesa imerudisha pesa kwenye nambari ya simu uliyolipia. Hutaweza tena kuifikia kozi hii.\n`,
  },
  refundFailedEmail: {
    en: (r: RefundFacts) =>
      `We could not complete your refund yet.\n\nCourse: ${r.course}\nAmount: ${r.amount}\n\nM-Pesa did not return the money. We are on it and will write again when it is done. You keep your access to the course meanwhile.\n`,
    sw: (r: RefundFacts) =>
      `Bado hatujaweza kukurudishia pesa zako.\n\nKozi: ${r.course}\nKiasi: ${r.amount}\n\nM-Pesa haikurudisha pesa. Tunalishughulikia na tutakuandikia tena likikamilika. Kwa sasa bado unaweza kuifikia kozi.\n`,
  },
  resetEmailSubject: {
    en: () => 'Reset your Darasa password',
    sw: () => 'Weka upya nenosiri lako la Darasa',
  },
  resetEmailBody: {
    en: (r: ResetFacts) =>
      `Hello ${r.name},\n\nTo choose a new password, open this link within ${r.minutes} minutes:\n\n${r.link}\n\nIt works once. If you did not ask for this, ignore this email.\n`,
    sw: (r: ResetFacts) =>
      `Habari ${r.name},\n\nIli uchague nenosiri jipya, fungua kiungo hiki ndani ya dakika ${r.minutes}:\n\n${r.link}\n\nKinafanya kazi mara moja tu. Kama hukuomba hili, puuza barua pepe hii.\n`,
  },
  codeEmailSubject: {
    en: () => 'Your Darasa sign-in code',
    sw: () => 'Msimbo wako wa kuingia Darasa',
  },
  codeEmailBody: {
    en: (code: string, minutes: number) =>
      `Your Darasa code is ${code}. It works for ${minutes} minute${minutes === 1 ? '' : 's'}. Never share it with anyone.\n\nIf you did not just sign in, someone knows your password: change it now.\n`,
    sw: (code: string, minutes: number) =>
      `Msimbo wako wa Darasa ni ${code}. Unatumika kwa dakika ${minutes}. Usimpe mtu yeyote.\n\nKama hujajaribu kuingia sasa hivi, kuna mtu anayejua nenosiri lako: libadilishe sasa.\n`,
  },
  signUpCodeEmailSubject: {
    en: () => 'Your Darasa sign-up code',
    sw: () => 'Msimbo wako wa kujisajili Darasa',
  },
  signUpCodeEmailBody: {
    en: (code: string, minutes: number) =>
      `Your Darasa code is ${code}. Enter it on the sign-up page to create your account. It works for ${minutes} minute${minutes === 1 ? '' : 's'}. Never share it with anyone.\n\nIf you did not just sign up, you can ignore this e-mail: no account is made without the code.\n`,
    sw: (code: string, minutes: number) =>
      `Msimbo wako wa Darasa ni ${code}. Uandike kwenye ukurasa wa kujisajili ili kufungua akaunti yako. Unatumika kwa dakika ${minutes}. Usimpe mtu yeyote.\n\nKama hujajaribu kujisajili sasa hivi, puuza barua pepe hii: hakuna akaunti inayofunguliwa bila msimbo huu.\n`,
  },
  accountExistsEmailSubject: {
    en: () => 'Someone tried to sign up with your e-mail',
    sw: () => 'Mtu amejaribu kujisajili kwa barua pepe yako',
  },
  accountExistsEmailBody: {
    en: (r: ExistsFacts) =>
      `Hello ${r.name},\n\nSomeone just tried to create a Darasa account with this e-mail address. You already have one, so nothing was changed.\n\nIf it was you, sign in: ${r.signIn}\nForgot your password? ${r.forgot}\n\nIf it was not you, you can ignore this e-mail.\n`,
    sw: (r: ExistsFacts) =>
      `Habari ${r.name},\n\nMtu amejaribu sasa hivi kufungua akaunti ya Darasa kwa barua pepe hii. Tayari una akaunti, kwa hiyo hakuna kilichobadilishwa.\n\nKama ni wewe, ingia: ${r.signIn}\nUmesahau nenosiri? ${r.forgot}\n\nKama si wewe, puuza barua pepe hii.\n`,
  },
  noAccountSms: {
    en: (link: string) => `Darasa: someone asked for a code for this number, but it has no account. Sign up: ${link}`,
    sw: (link: string) => `Darasa: mtu ameomba msimbo kwa nambari hii, lakini haina akaunti. Jisajili: ${link}`,
  },
  accountExistsSms: {
    en: (link: string) =>
      `Darasa: someone tried to sign up with this number. You already have an account. Sign in: ${link}`,
    sw: (link: string) => `Darasa: mtu amejaribu kujisajili kwa nambari hii. Tayari una akaunti. Ingia: ${link}`,
  },
  emailChangeLinkSubject: {
    en: () => 'Confirm your new Darasa e-mail',
    sw: () => 'Thibitisha barua pepe yako mpya ya Darasa',
  },
  emailChangeLinkBody: {
    en: (r: ResetFacts) =>
      `Hello ${r.name},\n\nTo use this address for your Darasa account, open this link within ${r.minutes} minutes:\n\n${r.link}\n\nIt works once. Nothing changes until it is opened. If you did not ask for this, ignore this e-mail.\n`,
    sw: (r: ResetFacts) =>
      `Habari ${r.name},\n\nIli utumie anwani hii kwa akaunti yako ya Darasa, fungua kiungo hiki ndani ya dakika ${r.minutes}:\n\n${r.link}\n\nKinafanya kazi mara moja tu. Hakuna kinachobadilika mpaka kifunguliwe. Kama hukuomba hili, puuza barua pepe hii.\n`,
  },
  emailChangeTakenSubject: {
    en: () => 'Someone tried to use your e-mail on Darasa',
    sw: () => 'Mtu amejaribu kutumia barua pepe yako kwenye Darasa',
  },
  emailChangeTakenBody: {
    en: (name: string) =>
      `Hello ${name},\n\nSomeone asked to move another Darasa account to this e-mail address. It already belongs to your account, so nothing was changed.\n\nIf it was not you, you can ignore this e-mail.\n`,
    sw: (name: string) =>
      `Habari ${name},\n\nMtu ameomba kuhamisha akaunti nyingine ya Darasa kwenda kwa barua pepe hii. Tayari ni ya akaunti yako, kwa hiyo hakuna kilichobadilishwa.\n\nKama si wewe, puuza barua pepe hii.\n`,
  },
  emailChangeNoticeSubject: {
    en: () => 'A change of your Darasa e-mail was asked for',
    sw: () => 'Imeombwa kubadilisha barua pepe yako ya Darasa',
  },
  emailChangeNoticeBody: {
    en: (name: string, newEmail: string) =>
      `Hello ${name},\n\nSomeone signed in to your Darasa account asked to change its e-mail to ${newEmail}. It changes only when the link we sent there is opened.\n\nIf it was not you, change your password now and sign out your other devices on the account page.\n`,
    sw: (name: string, newEmail: string) =>
      `Habari ${name},\n\nMtu aliyeingia kwenye akaunti yako ya Darasa ameomba kubadilisha barua pepe yake iwe ${newEmail}. Itabadilika tu kiungo tulichotuma huko kikifunguliwa.\n\nKama si wewe, badilisha nenosiri lako sasa na uondoe vifaa vingine kwenye ukurasa wa akaunti.\n`,
  },
  phoneTakenSms: {
    en: () => 'Darasa: someone asked to move an account to this number. It already has an account, so nothing changed.',
    sw: () => 'Darasa: mtu ameomba kuhamisha akaunti kwenda nambari hii. Tayari ina akaunti, hakuna kilichobadilika.',
  },
  questionAskedEmailSubject: {
    en: (q: QuestionFacts) => `New question on "${q.course}"`,
    sw: (q: QuestionFacts) => `Swali jipya kwenye "${q.course}"`,
  },
  questionAskedEmailBody: {
    en: (q: QuestionFacts) =>
      `${q.name} asked a question under episode ${q.episode} of "${q.course}":\n\n${q.text}\n\nAnswer it: ${q.link}\n`,
    sw: (q: QuestionFacts) =>
      `${q.name} ameuliza swali chini ya kipindi ${q.episode} cha "${q.course}":\n\n${q.text}\n\nLijibu: ${q.link}\n`,
  },
  questionAnsweredEmailSubject: {
    en: (q: QuestionFacts) => `Your question on "${q.course}" was answered`,
    sw: (q: QuestionFacts) => `Swali lako kwenye "${q.course}" limejibiwa`,
  },
  questionAnsweredEmailBody: {
    en: (q: QuestionFacts) =>
      `${q.name} answered your question under episode ${q.episode} of "${q.course}":\n\n${q.text}\n\nSee the answers: ${q.link}\n`,
    sw: (q: QuestionFacts) =>
      `${q.name} amejibu swali lako chini ya kipindi ${q.episode} cha "${q.course}":\n\n${q.text}\n\nTazama majibu: ${q.link}\n`,
  },
  questionAnsweredSms: {
    en: (q: QuestionFacts) =>
      `Darasa: ${q.name} answered your question on "${q.course}" (episode ${q.episode}). See it: ${q.link}`,
    sw: (q: QuestionFacts) =>
      `Darasa: ${q.name} amejibu swali lako kwenye "${q.course}" (kipindi ${q.episode}). Litazame: ${q.link}`,
  },
  questionDigestSms: {
    en: (d: DigestFacts) =>
      `Darasa: ${d.fresh === 1 ? '1 new question' : `${d.fresh} new questions`} on your courses. ${d.waiting === 1 ? '1 question waits' : `${d.waiting} questions wait`} for your answer: ${d.link}`,
    sw: (d: DigestFacts) =>
      `Darasa: ${d.fresh === 1 ? 'swali 1 jipya' : `maswali ${d.fresh} mapya`} kwenye kozi zako. ${d.waiting === 1 ? 'Swali 1 linasubiri' : `Maswali ${d.waiting} yanasubiri`} jibu lako: ${d.link}`,
  },
  announcementEmailSubject: {
    en: (a: AnnouncementFacts) => `${a.name} wrote to the learners of "${a.course}"`,
    sw: (a: AnnouncementFacts) => `${a.name} amewaandikia wanafunzi wa "${a.course}"`,
  },
  announcementEmailBody: {
    en: (a: AnnouncementFacts) =>
      `${a.name}, who teaches "${a.course}", wrote to everyone who owns it:\n\n${a.text}\n\nOpen the course: ${a.link}\n\nYou get this because you own this course. To stop e-mails and texts about it, turn them off on the course's page.\n`,
    sw: (a: AnnouncementFacts) =>
      `${a.name}, anayefundisha "${a.course}", amewaandikia wote wanaomiliki kozi hii:\n\n${a.text}\n\nFungua kozi: ${a.link}\n\nUmepata ujumbe huu kwa sababu unamiliki kozi hii. Ili usipate tena barua pepe na SMS kuihusu, zizime kwenye ukurasa wa kozi.\n`,
  },
  newLessonsEmailSubject: {
    en: (n: LessonNoticeFacts) => `${n.lessons === 1 ? '1 new lesson' : `${n.lessons} new lessons`} in "${n.course}"`,
    sw: (n: LessonNoticeFacts) =>
      `${n.lessons === 1 ? 'Somo 1 jipya' : `Masomo ${n.lessons} mapya`} kwenye "${n.course}"`,
  },
  newLessonsEmailBody: {
    en: (n: LessonNoticeFacts) =>
      `"${n.course}", a course you own, has ${n.lessons === 1 ? '1 new lesson' : `${n.lessons} new lessons`}.\n\nWatch now: ${n.link}\n\nTo stop e-mails and texts about this course, turn them off on the course's page.\n`,
    sw: (n: LessonNoticeFacts) =>
      `"${n.course}", kozi unayoimiliki, ina ${n.lessons === 1 ? 'somo 1 jipya' : `masomo ${n.lessons} mapya`}.\n\nTazama sasa: ${n.link}\n\nIli usipate tena barua pepe na SMS kuhusu kozi hii, zizime kwenye ukurasa wa kozi.\n`,
  },
  newLessonsSms: {
    en: (n: LessonNoticeFacts) =>
      `Darasa: ${n.lessons === 1 ? '1 new lesson' : `${n.lessons} new lessons`} in "${n.course}". Watch: ${n.link}`,
    sw: (n: LessonNoticeFacts) =>
      `Darasa: ${n.lessons === 1 ? 'somo 1 jipya' : `masomo ${n.lessons} mapya`} kwenye "${n.course}". Tazama: ${n.link}`,
  },
  instalmentDueSms: {
    en: (r: InstalmentFacts) =>
      `Darasa: part ${r.part} of ${r.parts} for "${r.course}" (${r.amount}) is due ${r.due}. Pay: ${r.link}`,
    sw: (r: InstalmentFacts) =>
      `Darasa: awamu ya ${r.part} kati ya ${r.parts} ya "${r.course}" (${r.amount}) inadaiwa ${r.due}. Lipa: ${r.link}`,
  },
  instalmentDueEmailSubject: {
    en: (r: InstalmentFacts) => `Part ${r.part} of ${r.parts} for "${r.course}" is due ${r.due}`,
    sw: (r: InstalmentFacts) => `Awamu ya ${r.part} kati ya ${r.parts} ya "${r.course}" inadaiwa ${r.due}`,
  },
  instalmentDueEmailBody: {
    en: (r: InstalmentFacts) =>
      `You are paying "${r.course}" in ${r.parts} parts. Part ${r.part} (${r.amount}) is due ${r.due}; paying it opens the next lessons.\n\nPay with M-Pesa: ${r.link}\n\nIf you do not pay, you keep the lessons you have paid for.\n`,
    sw: (r: InstalmentFacts) =>
      `Unalipia "${r.course}" kwa awamu ${r.parts}. Awamu ya ${r.part} (${r.amount}) inadaiwa ${r.due}; ukiilipa, masomo yanayofuata yanafunguka.\n\nLipa kwa M-Pesa: ${r.link}\n\nUsipolipa, utabaki na masomo uliyokwisha kulipia.\n`,
  },
} as const satisfies Record<string, Record<Locale, (...args: never[]) => string>>;

export interface ResetFacts {
  name: string;
  minutes: number;
  link: string;
}

export interface RefundFacts {
  /** "KES 1,500" */
  amount: string;
  course: string;
}

export interface GiftFacts {
  from: string;
  course: string;
  link: string;
}

export interface ReceiptFacts {
  /** "KES 1,500" */
  amount: string;
  course: string;
  ref: string;
  link: string;
}

export interface ExistsFacts {
  name: string;
  signIn: string;
  forgot: string;
}

/** A new question (to the course's creator) or a new answer (to the asker). */
export interface QuestionFacts {
  /** Who asked or answered. */
  name: string;
  course: string;
  /** The episode's number in its course. */
  episode: number;
  /** The question or the answer, cut short. */
  text: string;
  link: string;
}

/** A creator's SMS digest: questions asked since the last one, and all that still wait for their answer. */
export interface DigestFacts {
  fresh: number;
  waiting: number;
  link: string;
}

/** A creator's announcement to the owners of a course: its words are the creator's, as written. */
export interface AnnouncementFacts {
  /** The creator. */
  name: string;
  course: string;
  text: string;
  link: string;
}

/** New lessons in a course an owner has. */
export interface LessonNoticeFacts {
  course: string;
  lessons: number;
  link: string;
}

/** An instalment part coming due (decision 0068); `amount` and `due` already written for the language. */
export interface InstalmentFacts {
  course: string;
  part: number;
  parts: number;
  amount: string;
  due: string;
  link: string;
}
