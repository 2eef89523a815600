import type { DarasaMigration } from './types.ts';
import { accounts } from './0001_accounts.ts';
import { catalog } from './0002_catalog.ts';
import { search } from './0003_search.ts';
import { accountsExtras } from './0004_accounts_extras.ts';
import { mediaJobs } from './0005_media_jobs.ts';
import { payments } from './0006_payments.ts';
import { learning } from './0008_learning.ts';
import { admin } from './0009_admin.ts';
import { adminCounters } from './0010_admin_counters.ts';
import { viewEventCover } from './0011_view_event_cover.ts';
import { payouts } from './0012_payouts.ts';
import { paybillAccount } from './0013_paybill_account.ts';
import { phoneAccounts } from './0014_phone_accounts.ts';
import { discovery } from './0018_discovery.ts';
import { reviewsCertificates } from './0019_reviews_certificates.ts';
import { receiptCheck } from './0020_receipt_check.ts';
import { coupons } from './0021_coupons.ts';
import { captions } from './0022_captions.ts';
import { searchWords } from './0023_search_words.ts';
import { uploadLocks } from './0024_upload_locks.ts';
import { periodicTasks } from './0025_periodic_tasks.ts';
import { smsDeliveryReports } from './0026_sms_delivery_reports.ts';
import { moneyIn } from './0027_money_in.ts';
import { payoutHolds } from './0028_payout_holds.ts';
import { paymentMethod } from './0029_payment_method.ts';
import { postgresSearchWords } from './0030_postgres_search_words.ts';
import { emailChanges } from './0031_email_changes.ts';
import { searchSynonyms } from './0032_search_synonyms.ts';
import { courseFacts } from './0035_course_facts.ts';
import { notes } from './0036_notes.ts';
import { questions } from './0037_questions.ts';
import { lessonKinds } from './0038_lesson_kinds.ts';
import { questionEdits } from './0039_question_edits.ts';
import { quizzes } from './0040_quizzes.ts';
import { postgresKeyVector } from './0041_postgres_key_vector.ts';
import { lessonFiles } from './0042_lesson_files.ts';
import { gifts } from './0046_gifts.ts';
import { questionDigest } from './0048_question_digest.ts';
import { announcements } from './0049_announcements.ts';
import { bundles } from './0050_bundles.ts';
import { courseSections } from './0051_course_sections.ts';
import { affiliates } from './0052_affiliates.ts';
import { instalments } from './0053_instalments.ts';
import { unsectionedLessonsPlace } from './0054_unsectioned_lessons_place.ts';

// Ordered by name; a new migration is appended with the next number and never edited once landed.
export const migrations: Record<string, DarasaMigration> = {
  '0001_accounts': accounts,
  '0002_catalog': catalog,
  '0003_search': search,
  '0004_accounts_extras': accountsExtras,
  '0005_media_jobs': mediaJobs,
  '0006_payments': payments,
  '0008_learning': learning,
  '0009_admin': admin,
  '0010_admin_counters': adminCounters,
  '0011_view_event_cover': viewEventCover,
  '0012_payouts': payouts,
  '0013_paybill_account': paybillAccount,
  '0014_phone_accounts': phoneAccounts,
  '0018_discovery': discovery,
  '0019_reviews_certificates': reviewsCertificates,
  '0020_receipt_check': receiptCheck,
  '0021_coupons': coupons,
  '0022_captions': captions,
  '0023_search_words': searchWords,
  '0024_upload_locks': uploadLocks,
  '0025_periodic_tasks': periodicTasks,
  '0026_sms_delivery_reports': smsDeliveryReports,
  '0027_money_in': moneyIn,
  '0028_payout_holds': payoutHolds,
  '0029_payment_method': paymentMethod,
  '0030_postgres_search_words': postgresSearchWords,
  '0031_email_changes': emailChanges,
  '0032_search_synonyms': searchSynonyms,
  '0035_course_facts': courseFacts,
  '0036_notes': notes,
  '0037_questions': questions,
  '0038_lesson_kinds': lessonKinds,
  '0039_question_edits': questionEdits,
  '0040_quizzes': quizzes,
  '0041_postgres_key_vector': postgresKeyVector,
  '0042_lesson_files': lessonFiles,
  '0046_gifts': gifts,
  '0048_question_digest': questionDigest,
  '0049_announcements': announcements,
  '0050_bundles': bundles,
  '0051_course_sections': courseSections,
  '0052_affiliates': affiliates,
  '0053_instalments': instalments,
  '0054_unsectioned_lessons_place': unsectionedLessonsPlace,
};
