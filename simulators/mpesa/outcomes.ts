// What the simulated customer does, chosen by the phone number the prompt goes to. The README's
// "M-Pesa simulator" section lists the same table; keep them in step.
export interface ScriptedOutcome {
  /** Numeric as documented, or textual as some production callbacks carry it. */
  resultCode: number | string;
  resultDesc: string;
  /** Callbacks sent: 0 (the server must ask with STK query), 1, or several identical ones at once. */
  callbacks: number;
  /** The answer comes only after the simulator's "late" delay, past the payment's expiry. */
  late?: boolean;
}

export const SUCCESS_DESC = 'The service request is processed successfully.';

const success = (over: Partial<ScriptedOutcome> = {}): ScriptedOutcome => ({
  resultCode: 0,
  resultDesc: SUCCESS_DESC,
  callbacks: 1,
  ...over,
});

export const SCRIPTED: Record<string, ScriptedOutcome> = {
  '254708374149': success(),
  '254700000001': { resultCode: 1032, resultDesc: 'Request cancelled by user', callbacks: 1 },
  '254700001037': { resultCode: 1037, resultDesc: 'DS timeout user cannot be reached', callbacks: 1 },
  '254700001019': { resultCode: 1019, resultDesc: 'Transaction has expired', callbacks: 1 },
  '254700000011': { resultCode: 1, resultDesc: 'The balance is insufficient for the transaction', callbacks: 1 },
  '254700002001': { resultCode: 2001, resultDesc: 'The initiator information is invalid.', callbacks: 1 },
  '254700000017': { resultCode: 17, resultDesc: 'Rule limited.', callbacks: 1 },
  // A textual ResultCode, as real callbacks sometimes carry (issue 15).
  '254700000003': {
    resultCode: 'SFC_IC0003',
    resultDesc: 'M-Pesa could not reach this phone right now. Please try again later.',
    callbacks: 1,
  },
  '254700000404': success({ callbacks: 0 }),
  '254700000002': success({ callbacks: 3 }),
  '254700000408': success({ late: true }),
};

/** Outcomes a person can pick on the /__mpesa page for a prompt waiting in manual mode. */
export const MANUAL_ACTIONS: Record<string, ScriptedOutcome> = {
  approve: success(),
  cancel: SCRIPTED['254700000001']!,
  wrong_pin: SCRIPTED['254700002001']!,
  insufficient: SCRIPTED['254700000011']!,
  timeout: SCRIPTED['254700001037']!,
};
