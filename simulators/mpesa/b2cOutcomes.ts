// What happens to a B2C payout in the simulator, chosen by the receiving phone number. The README's
// "M-Pesa simulator" section lists the same table; keep them in step. Numbers not listed are paid.
export interface B2cScript {
  resultCode: number;
  resultDesc: string;
  /** Results POSTed to ResultURL: 0 (only a Transaction Status query tells), 1, or 2 identical ones. */
  results: number;
  /** Nothing is processed: a time-out notice goes to QueueTimeOutURL instead of a result. */
  queueTimeout?: boolean;
  /** The result comes only after the simulator's "late" delay. */
  late?: boolean;
}

export const B2C_SUCCESS_DESC = 'The service request is processed successfully.';
/** Transaction Status answer for a transaction M-Pesa has no record of (the simulator's choice of code). */
export const B2C_NOT_FOUND = { resultCode: 2032, resultDesc: 'The transaction could not be found.' };

const paid = (over: Partial<B2cScript> = {}): B2cScript => ({
  resultCode: 0,
  resultDesc: B2C_SUCCESS_DESC,
  results: 1,
  ...over,
});

export const B2C_SCRIPTED: Record<string, B2cScript> = {
  '254708374149': paid(),
  '254700100007': { resultCode: 7, resultDesc: 'Unresolved Receiver Party', results: 1 },
  '254700102040': {
    resultCode: 2040,
    resultDesc: "Credit Party customer type (Unregistered or Registered Customer) can't be supported by the service.",
    results: 1,
  },
  '254700100001': { resultCode: 1, resultDesc: 'The balance is insufficient for the transaction.', results: 1 },
  '254700100408': { resultCode: 0, resultDesc: B2C_SUCCESS_DESC, results: 0, queueTimeout: true },
  '254700100002': paid({ results: 2 }),
  '254700100404': paid({ results: 0 }),
  '254700100409': paid({ late: true }),
};

export function b2cScriptFor(phone: string): B2cScript {
  return B2C_SCRIPTED[phone] ?? paid();
}
