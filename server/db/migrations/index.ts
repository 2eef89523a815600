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
};
