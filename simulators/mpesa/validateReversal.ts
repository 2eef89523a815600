import { badField as bad, isHttpUrl, type DarajaFault } from './darajaFault.ts';

// Daraja checks a reversal request's fields before accepting it (HTTP 400 with the first invalid field);
// whether the transaction can be reversed is only said later, in the result.
const REQUIRED_TEXT = ['Initiator', 'SecurityCredential', 'TransactionID', 'ReceiverParty', 'Remarks'] as const;

export function validateReversal(body: Record<string, unknown>): DarajaFault | null {
  for (const field of REQUIRED_TEXT) {
    const v = body[field];
    if ((typeof v !== 'string' && typeof v !== 'number') || String(v).trim() === '') return bad(field);
  }
  if (body.CommandID !== 'TransactionReversal') return bad('CommandID');
  const amount = Number(body.Amount);
  if (typeof body.Amount === 'boolean' || !Number.isFinite(amount) || amount <= 0) return bad('Amount');
  if (String(body.RecieverIdentifierType ?? '') !== '11' && String(body.RecieverIdentifierType ?? '') !== '4')
    return bad('RecieverIdentifierType');
  if (!isHttpUrl(body.ResultURL)) return bad('ResultURL');
  if (!isHttpUrl(body.QueueTimeOutURL)) return bad('QueueTimeOutURL');
  if (String(body.Remarks).length > 100) return bad('Remarks');
  return null;
}
