// A provider's answer can overtake our own record of the reference it names (we store the reference once
// the provider's acceptance is back): while some request is still waiting for its reference, wait briefly.
const WAIT_MS = 3000;
const STEP_MS = 100;

/**
 * `find`'s record, waiting while `anyInFlight` says a request has not stored its reference yet. The
 * in-flight check is read first: a reference stored between the two reads is then seen by `find`.
 */
export async function findOvertakenRecord<T>(
  find: () => Promise<T | undefined>,
  anyInFlight: () => Promise<boolean>,
): Promise<T | undefined> {
  for (let waited = 0; ; waited += STEP_MS) {
    const inFlight = await anyInFlight();
    const record = await find();
    if (record || !inFlight || waited >= WAIT_MS) return record;
    await new Promise((r) => setTimeout(r, STEP_MS));
  }
}
