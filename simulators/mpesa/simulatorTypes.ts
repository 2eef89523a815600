import type { ScriptedOutcome } from './outcomes.ts';

export interface SimulatorCredentials {
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
}

export interface SimulatorOptions extends SimulatorCredentials {
  /** Port on 127.0.0.1 (0 or absent: any free port). */
  port?: number;
  /** Time the simulated customer takes to answer a prompt. */
  callbackDelayMs?: number;
  /** Holds back the STK push answer this long (the callback may then overtake it, as on a slow network). */
  pushAnswerDelayMs?: number;
  /** Time before a "late success" answers (past the payment's expiry). */
  lateDelayMs?: number;
  /** Time a prompt waits for a person (manual mode) before it times out with 1037. */
  promptTimeoutMs?: number;
  /** Numbers without a scripted outcome: wait for a person, or succeed. */
  mode?: 'manual' | 'auto';
  tokenTtlSeconds?: number;
  /** Float on the B2C shortcode (KES); payouts beyond it fail as "insufficient". Default: a billion. */
  b2cFloatKes?: number;
  /**
   * Daraja keeps earlier tokens valid until they expire, so processes sharing credentials do not log one
   * another out. Tests can turn on the stricter rule "a new token retires the previous one".
   */
  singleToken?: boolean;
  /** Reversals never finish: Daraja calls QueueTimeOutURL instead of ResultURL. */
  reversalQueueTimeout?: boolean;
  /** Told when a callback was answered (HTTP status; 0 when nobody answered) and how long that took. */
  onCallback?: (tx: SimTransaction, answer: { status: number; ms: number }) => void;
}

export interface SimTransaction {
  merchantRequestId: string;
  checkoutRequestId: string;
  phone: string;
  amount: number;
  accountReference: string;
  callbackUrl: string;
  createdAt: Date;
  /** Null while the prompt is open on the "phone". */
  result: ScriptedOutcome | null;
  receipt: string | null;
  manual: boolean;
  reversed: boolean;
  callbacksSent: number;
}

/** Every request the simulator received, so tests can assert that nothing was sent. */
export interface ReceivedRequest {
  method: string;
  path: string;
  body: unknown;
  status: number;
}

/** A reversal as Transaction Status reports it, asked by the request's OriginatorConversationID. */
export interface SimReversal {
  amount: number;
  /** The customer the money goes back to. */
  phone: string;
  /** The reversal's own transaction id, once processed. */
  receipt: string | null;
  state: 'pending' | 'completed' | 'failed';
  reason: string;
}
