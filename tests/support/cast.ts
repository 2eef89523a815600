// A running server with one signed-in client per role, for the admin tests.
import { Client } from './httpClient.ts';
import { type Person, signedIn } from './signedIn.ts';
import { type App, startApp } from './testApp.ts';

export interface Cast {
  app: App;
  visitor: Client;
  customer: Person;
  creator: Person;
  admin: Person;
}

export async function startCast(cleanups: (() => Promise<void>)[], env: Record<string, string> = {}): Promise<Cast> {
  const app = await startApp(cleanups, env);
  return {
    app,
    visitor: new Client(app.url),
    customer: await signedIn(app, 'customer'),
    creator: await signedIn(app, 'creator'),
    admin: await signedIn(app, 'admin'),
  };
}
