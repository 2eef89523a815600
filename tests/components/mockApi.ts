// Fakes the server at the network boundary: window.fetch answers /api/ requests from a handler; the
// component's own code (and its API client) runs as it is. Everything else goes to the real fetch.
import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

export type ApiHandler = (call: ApiCall) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Installs the fake for the current test (restored by vi.restoreAllMocks) and returns the calls made. */
export function mockApi(handler: ApiHandler): ApiCall[] {
  const calls: ApiCall[] = [];
  const realFetch = window.fetch.bind(window);
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (!url.pathname.startsWith('/api/')) return realFetch(input, init);
    const text = await request.text();
    const call = { method: request.method, path: url.pathname, body: text ? JSON.parse(text) : null };
    calls.push(call);
    return handler(call);
  });
  return calls;
}
