// What the simulated gateway and handset do, by destination number (README, "SMS simulator"). Any other
// Kenyan number is delivered; a number that is not Kenyan is refused as invalid.
export interface SmsScript {
  /** statusCode and status of the recipient in the send response, as Africa's Talking names them. */
  statusCode: number;
  status: string;
  /** The delivery report's status and failureReason, for accepted messages. */
  report?: { status: 'Success' | 'Failed' | 'Rejected'; failureReason?: string };
}

export const SMS_DELIVERED: SmsScript = { statusCode: 101, status: 'Success', report: { status: 'Success' } };
export const SMS_INVALID_NUMBER: SmsScript = { statusCode: 403, status: 'InvalidPhoneNumber' };

export const SMS_SCRIPTED: Record<string, SmsScript> = {
  '+254700000201': SMS_DELIVERED,
  '+254700000202': {
    statusCode: 101,
    status: 'Success',
    report: { status: 'Failed', failureReason: 'AbsentSubscriber' },
  },
  '+254700000203': SMS_INVALID_NUMBER,
  '+254700000204': { statusCode: 405, status: 'InsufficientBalance' },
};
