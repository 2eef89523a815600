/** Daraja's Transaction Status result, as it documents it, about a customer's completed payment. */
export function transactionStatusResult(receipt: string, amount: number, phone: string) {
  return {
    Result: {
      ResultType: 0,
      ResultCode: 0,
      ResultDesc: 'The service request has been accepted successsfully.',
      OriginatorConversationID: 'f1e2-4b95-a71d-b30d3cdbb7a7942864',
      ConversationID: 'AG_20260101_0000000000000000000',
      TransactionID: receipt,
      ResultParameters: {
        ResultParameter: [
          { Key: 'DebitPartyName', Value: `${phone} - Customer` },
          { Key: 'TransactionStatus', Value: 'Completed' },
          { Key: 'Amount', Value: amount },
          { Key: 'ReceiptNo', Value: receipt },
        ],
      },
    },
  };
}
