// Africa's Talking's per-recipient status codes (SMSMessageData.Recipients[].statusCode) and what each
// means for us: accepted for delivery, a number that can never get the message, or a refusal on our side
// of the gateway that a later try may get past.
export type SendOutcome = 'accepted' | 'invalid_number' | 'blocked' | 'unavailable';

export const AT_STATUS: Record<number, { status: string; outcome: SendOutcome }> = {
  100: { status: 'Processed', outcome: 'accepted' },
  101: { status: 'Success', outcome: 'accepted' },
  102: { status: 'Queued', outcome: 'accepted' },
  401: { status: 'RiskHold', outcome: 'unavailable' },
  402: { status: 'InvalidSenderId', outcome: 'unavailable' },
  403: { status: 'InvalidPhoneNumber', outcome: 'invalid_number' },
  404: { status: 'UnsupportedNumberType', outcome: 'invalid_number' },
  405: { status: 'InsufficientBalance', outcome: 'unavailable' },
  406: { status: 'UserInBlacklist', outcome: 'blocked' },
  407: { status: 'CouldNotRoute', outcome: 'unavailable' },
  500: { status: 'InternalServerError', outcome: 'unavailable' },
  501: { status: 'GatewayError', outcome: 'unavailable' },
  502: { status: 'RejectedByGateway', outcome: 'unavailable' },
};

export function outcomeOf(statusCode: number): SendOutcome {
  return AT_STATUS[statusCode]?.outcome ?? 'unavailable';
}

/** Delivery-report statuses that end a message's story. */
export const FINAL_FAILURES = new Set(['Failed', 'Rejected']);
