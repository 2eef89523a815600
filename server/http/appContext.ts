import { createContext } from 'react-router';
import type { Config } from '../config.ts';
import type { Database } from '../db/connect.ts';
import type { Logger } from '../logger.ts';

/** What every request can reach: built once at start-up, shared by HTTP handlers and route loaders. */
export interface AppServices {
  config: Config;
  database: Database;
  log: Logger;
  /** Tells caches that public catalog data changed (publish, edit, moderation). */
  catalogChanged(): void;
}

/** The signed-in person, or null for a visitor. Filled by the auth layer. */
export interface Viewer {
  userId: string;
  name: string;
  email: string;
  role: 'customer' | 'creator' | 'admin';
}

export interface RequestContext {
  services: AppServices;
  viewer: Viewer | null;
  /** The client's address (the last X-Forwarded-For hop when TRUST_PROXY), for per-IP rate limits. */
  clientIp: string;
}

export const requestContext = createContext<RequestContext>();
