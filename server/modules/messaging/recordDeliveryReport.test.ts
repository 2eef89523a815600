// A delivery report and the send that produced its message id can reach the database in either order:
// the message shows the report both ways (Africa's Talking may report before the send call returns).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { testServices } from '#tests/support/testServices.ts';
import type { Services } from '#server/core/services.ts';
import { applyDeliveryReportInTx } from './applyDeliveryReport.ts';
import { recordDeliveryReport } from './recordDeliveryReport.ts';

const SECRET = 'delivery-report-secret-0123456789';
let t: TestDatabase;
let services: Services;

beforeEach(async () => {
  t = await createTestDatabase();
  services = testServices(t, { SMS_DELIVERY_REPORT_SECRET: SECRET });
});
afterEach(() => t.close());

async function recordSent(providerMessageId: string) {
  const now = new Date();
  await t.db
    .insertInto('smsMessage')
    .values({
      id: `sms-${providerMessageId}`,
      providerMessageId,
      phone: '+254700000001',
      purpose: 'otp',
      status: 'sent',
      failureReason: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  // What sendSms does once the row is written.
  await applyDeliveryReportInTx(t.db, { providerMessageId, now });
}

const statusOf = async (providerMessageId: string) =>
  await t.db
    .selectFrom('smsMessage')
    .select(['status', 'failureReason'])
    .where('providerMessageId', '=', providerMessageId)
    .executeTakeFirstOrThrow();

describe('delivery reports', () => {
  it('reach a message recorded before them', async () => {
    await recordSent('ATXid_first');
    await recordDeliveryReport(services, { secret: SECRET, form: { id: 'ATXid_first', status: 'Success' } });
    expect(await statusOf('ATXid_first')).toEqual({ status: 'delivered', failureReason: null });
  });

  it('reach a message recorded after them', async () => {
    await recordDeliveryReport(services, {
      secret: SECRET,
      form: { id: 'ATXid_late', status: 'Rejected', failureReason: 'UserInBlacklist' },
    });
    await recordSent('ATXid_late');
    expect(await statusOf('ATXid_late')).toEqual({ status: 'failed', failureReason: 'UserInBlacklist' });
  });

  it('are refused on a wrong secret, and keep nothing', async () => {
    await expect(
      recordDeliveryReport(services, { secret: 'wrong-secret-0123456789', form: { id: 'ATXid_x', status: 'Success' } }),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect(await t.db.selectFrom('smsDeliveryReport').selectAll().execute()).toEqual([]);
  });
});
