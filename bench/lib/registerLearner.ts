// A learner signed up through the real sign-up endpoint, for benchmarks that need signed-in requests:
// answers the session cookie to send with them.
export async function registerLearner(
  url: string,
  learner: { name: string; email: string; phone: string },
): Promise<string> {
  const res = await fetch(`${url}/api/account/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(url).origin },
    body: JSON.stringify({ ...learner, password: 'bench-secret-1', role: 'customer' }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
