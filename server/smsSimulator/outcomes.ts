// What the simulated gateway and handset do, by destination number (README, "SMS simulator"). Any other
// Kenyan number is delivered.
export interface SmsScript {
  /** statusCode in the send response. */
  statusCode: number;
  /** The delivery report's status and failureReason, for accepted messages. */
  report?: { status: 'Success' | 'Failed' | 'Rejected'; failureReason?: string };
}

export const SMS_SCRIPTED: Record<string, SmsScript> = {
  '+254700000201': { statusCode: 101, report: { status: 'Success' } },
  '+254700000202': { statusCode: 101, report: { status: 'Failed', failureReason: 'AbsentSubscriber' } },
  '+254700000203': { statusCode: 403 },
  '+254700000204': { statusCode: 405 },
};

export const SMS_DELIVERED: SmsScript = { statusCode: 101, report: { status: 'Success' } };
