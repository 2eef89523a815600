/** Daraja's expected acknowledgement of a result it posted (ResultURL, QueueTimeOutURL, STK callback). */
export const DARAJA_ACCEPTED = { ResultCode: 0, ResultDesc: 'Accepted' } as const;
