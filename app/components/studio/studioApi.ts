// The editor's calls to /api/studio. A refused request carries a message meant for people (4xx); a
// failure on our side or of the network gets the caller's fallback (docs/product.md's "Failed to … Please
// try again.").
export class StudioApiError extends Error {
  readonly status: number;
  /** A refusal's problems by field (`quiz.questions.1.options`), when the server names them. */
  readonly details: Record<string, string> | undefined;
  constructor(status: number, message: string, details?: Record<string, string>) {
    super(message);
    this.status = status;
    this.details = details;
  }
}

export async function studioApi<T>(
  path: string,
  /** `file`: sent as the body itself (caption uploads). */
  init: { method?: string; json?: unknown; file?: Blob },
  fallback: string,
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api/studio${path}`, {
      method: init.method ?? 'GET',
      headers: init.json === undefined ? {} : { 'content-type': 'application/json' },
      body: init.file ?? (init.json === undefined ? null : JSON.stringify(init.json)),
      credentials: 'same-origin',
    });
  } catch {
    throw new StudioApiError(0, fallback);
  }
  const body = (await res.json().catch(() => null)) as {
    error?: { message?: string; details?: Record<string, string> };
  } | null;
  if (res.ok) return body as T;
  const refused = res.status < 500 && !!body?.error?.message;
  throw new StudioApiError(
    res.status,
    refused ? body.error!.message! : fallback,
    refused ? body.error!.details : undefined,
  );
}
