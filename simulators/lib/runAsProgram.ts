// What each simulator's main.ts shares: reading its settings from the environment, telling where it runs,
// and stopping. `npm start` in simulator mode runs the same programs as child processes with an IPC
// channel (server/composition/simulatorProcesses.ts): the address goes to the parent as a message, and a
// simulator whose parent went away (even killed outright) stops too, so none is left behind.
import type { SimulatorListening } from '#common/simulators.ts';

/** A whole number ≥ 0 from the environment, or `fallback` when unset. */
export function wholeNumberSetting(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number ≥ 0 (got "${raw}")`);
  return n;
}

export function runAsProgram(title: string, sim: { url: string; close(): Promise<void> }, page: string): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void sim.close().then(() => process.exit(0));
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
  if (process.send) {
    process.on('disconnect', stop);
    process.send({ kind: 'simulator:listening', url: sim.url } satisfies SimulatorListening);
  } else {
    console.log(`${title}: ${sim.url}${page}`);
  }
}
