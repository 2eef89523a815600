// When the simulated providers (the default: `npm start` with no settings) may run, and what start-up says
// about them. Decision 0041.

/** Loopback names and addresses: only this machine reaches them. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

/** The settings the rules read (the parsed environment). */
export interface SimulatorRuleSettings {
  HOST: string;
  PUBLIC_URL?: string | undefined;
  DATABASE_URL?: string | undefined;
  S3_BUCKET?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  MPESA_ENV: 'simulator' | 'sandbox' | 'production';
  SMS_ENV: 'simulator' | 'sandbox' | 'production';
}

/** The providers simulated: their payments or messages reach no one. */
export function simulatedProviders(s: SimulatorRuleSettings): Array<'M-Pesa' | 'SMS'> {
  return [
    ...(s.MPESA_ENV === 'simulator' ? (['M-Pesa'] as const) : []),
    ...(s.SMS_ENV === 'simulator' ? (['SMS'] as const) : []),
  ];
}

/**
 * The settings that say "real people use this site", each named with its variable: a public https site, a
 * database or media bucket on another machine, or one provider in production beside a simulated one. A
 * sandbox provider, a local PostgreSQL or a local S3-compatible server are development.
 */
export function productionSettings(s: SimulatorRuleSettings): string[] {
  const found: string[] = [];
  const site = s.PUBLIC_URL ? hostOf(s.PUBLIC_URL) : null;
  if (s.PUBLIC_URL?.startsWith('https://') && site && !isLoopbackHost(site))
    found.push(`PUBLIC_URL is a public https site (${s.PUBLIC_URL})`);
  if (s.DATABASE_URL) {
    // No host (a Unix socket) is this machine.
    const db = hostOf(s.DATABASE_URL);
    if (db && !isLoopbackHost(db)) found.push(`DATABASE_URL is a PostgreSQL server on another machine (${db})`);
  }
  if (s.S3_BUCKET) {
    const endpoint = s.S3_ENDPOINT ? hostOf(s.S3_ENDPOINT) : null;
    if (!endpoint || !isLoopbackHost(endpoint))
      found.push(`S3_BUCKET keeps media in ${s.S3_ENDPOINT ? `object storage at ${endpoint}` : 'AWS S3'}`);
  }
  if (s.MPESA_ENV === 'production' && s.SMS_ENV === 'simulator') found.push('MPESA_ENV=production');
  if (s.SMS_ENV === 'production' && s.MPESA_ENV === 'simulator') found.push('SMS_ENV=production');
  return found;
}

/**
 * Why the process must not start (null: it may): simulated providers together with production settings,
 * unless DEMO_MODE asks for exactly that.
 */
export function simulatorRefusal(s: SimulatorRuleSettings & { DEMO_MODE: boolean }): string | null {
  const simulated = simulatedProviders(s);
  const production = productionSettings(s);
  if (!simulated.length || !production.length || s.DEMO_MODE) return null;
  return [
    `Refusing to start: ${simulated.join(' and ')} ${simulated.length > 1 ? 'are' : 'is'} simulated (${simulated
      .map((p) => (p === 'M-Pesa' ? 'MPESA_ENV' : 'SMS_ENV'))
      .join(', ')}=simulator, the default) while these settings are those of a real site:`,
    ...production.map((p) => `  - ${p}`),
    'Payments would not be charged and text messages would reach no one. Set MPESA_ENV and SMS_ENV (see',
    'docs/deployment.md), or, for a public demo on purpose, set DEMO_MODE=1.',
  ].join('\n');
}

/** A simulator's page, where a person answers prompts or reads messages (loopback only). */
export interface SimulatorPage {
  title: string;
  url: string;
}

/**
 * The banner `npm start` prints when anything is simulated: what is simulated, where the simulators' pages
 * are, and, when the site listens beyond this machine, a warning.
 */
export function simulatorBanner(
  s: SimulatorRuleSettings & { DEMO_MODE: boolean; SMTP_URL?: string | undefined; dataDir?: string },
  siteUrl: string,
  pages: SimulatorPage[],
): string | null {
  const simulated = simulatedProviders(s);
  if (!simulated.length) return null;
  const what = simulated.map((p) => (p === 'M-Pesa' ? 'PAYMENTS (M-Pesa)' : 'SMS')).join(' AND ');
  const lines = [
    `${what} ${simulated.length > 1 ? 'ARE' : 'IS'} SIMULATED: no money moves, no text message is sent.`,
    `Site: ${siteUrl}`,
    ...pages.map((p) => `${p.title} (this machine only): ${p.url}`),
  ];
  // Sign-up codes come by e-mail: a demo without a mail server needs to know where to read them.
  if (!s.SMTP_URL && s.dataDir)
    lines.push(`E-mails (sign-up codes, password resets), SMTP_URL unset: ${s.dataDir.replace(/\/+$/, '')}/outbox`);
  if (!isLoopbackHost(s.HOST)) {
    lines.push(
      '',
      `WARNING: HOST=${s.HOST} lets other machines reach this site while its payments are simulated.`,
      'Anyone who reaches it sees a shop that charges nothing. For a demo on this machine only, set',
      'HOST=127.0.0.1; for real sales, set MPESA_ENV and SMS_ENV (docs/deployment.md).',
    );
  }
  const production = productionSettings(s);
  if (s.DEMO_MODE && production.length)
    lines.push('', `DEMO_MODE=1: started with real-site settings (${production.join('; ')}).`);
  const width = Math.max(...lines.map((l) => l.length));
  const rule = '!'.repeat(width + 4);
  return [rule, ...lines.map((l) => `! ${l.padEnd(width)} !`), rule].join('\n');
}
