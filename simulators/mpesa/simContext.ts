// What createMpesaSimulator.ts hands to each API area it registers (stkPush.ts, reversal.ts, c2b.ts,
// phoneRoutes.ts): the options and timings, the shared record of payments, its timers and Daraja's fault answer.
import type { Context } from 'hono';
import type { DarajaFault } from './darajaFault.ts';
import type { PaybillPayment } from './paybill.ts';
import type { SimReversal, SimTransaction, SimulatorOptions } from './simulatorTypes.ts';

/** The simulator's Hono variables: the request body, parsed once by the recording middleware. */
export type SimEnv = { Variables: { body: unknown } };

/** Requests and transactions remembered, oldest dropped first. */
export const HISTORY = 10_000;

export interface SimContext {
  opts: SimulatorOptions;
  /** Time the simulated customer (or M-Pesa) takes to answer. */
  delayMs: number;
  /** Time before a "late" answer comes. */
  lateDelayMs: number;
  /** Time a prompt waits for a person before it times out. */
  promptTimeoutMs: number;
  /** STK pushes by CheckoutRequestID, oldest first. */
  transactions: Map<string, SimTransaction>;
  /** Paybill payments, newest first. */
  paybillPayments: PaybillPayment[];
  /** Reversals M-Pesa took on, by the OriginatorConversationID it answered the request with. */
  reversals: Map<string, SimReversal>;
  /** Runs fn after ms unless the simulator closes first. */
  later(ms: number, fn: () => void): void;
  isClosed(): boolean;
  fault(c: Context, f: DarajaFault): Response;
}
