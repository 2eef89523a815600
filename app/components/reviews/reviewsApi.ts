// The course page's calls to /api/reviews. A refusal (4xx) carries a message for people; anything else
// (offline, our failure) shows the caller's fallback.
export async function reviewsApi<T>(path: string, init: { json?: unknown } | null, fallback: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api/reviews${path}`, {
      method: init ? 'POST' : 'GET',
      headers: init?.json === undefined ? {} : { 'content-type': 'application/json' },
      body: init ? JSON.stringify(init.json ?? {}) : null,
      credentials: 'same-origin',
    });
  } catch {
    throw new Error(fallback);
  }
  const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (res.ok) return body as T;
  throw new Error(res.status < 500 && body?.error?.message ? body.error.message : fallback);
}
