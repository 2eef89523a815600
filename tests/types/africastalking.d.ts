// The part of Africa's Talking's official SDK (no types of its own) that the simulator test uses.
declare module 'africastalking' {
  interface Recipient {
    statusCode: number;
    number: string;
    status: string;
    cost: string;
    messageId: string;
  }
  interface SmsService {
    send(params: {
      to: string | string[];
      message: string;
      from?: string;
    }): Promise<{ SMSMessageData: { Message: string; Recipients: Recipient[] } }>;
  }
  export default function AfricasTalking(options: { username: string; apiKey: string }): { SMS: SmsService };
}

declare module 'africastalking/lib/common.js' {
  /** The SDK's endpoint URLs, read when a message is sent. */
  const common: { SMS_URL: string };
  export default common;
}
