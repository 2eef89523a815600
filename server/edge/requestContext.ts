// What the two web edges share about a request: the Hono routes (server/http/) build it, the pages'
// server façades (app/server/*.server.ts) read it from React Router's context under this key.
import { createContext } from 'react-router';
import type { UiLocale } from '#common/i18n/uiLocale.ts';
import type { SessionUser } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';

export type { SessionUser, Services };

export interface RequestContext {
  services: Services;
  actor: SessionUser | null;
  /** The signed-in person's current session (null for visitors): "this device" on the settings page. */
  sessionId: string | null;
  /** The client's address (the last X-Forwarded-For hop when TRUST_PROXY), for per-IP rate limits. */
  clientIp: string;
  /** The language pages render in (pickLocale: the person's setting, cookie, Accept-Language, English). */
  locale: UiLocale;
  /** Pages only: this render's Content-Security-Policy nonce, for React Router's inline scripts. */
  nonce?: string;
}

export const requestContext = createContext<RequestContext>();
