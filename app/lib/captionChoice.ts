// The learner's captions choice ('off' or a language code), kept per device in this browser like "Listen
// only", so the next episode starts with captions on (or off) as they were left.
const KEY = 'darasa.captions';

export function readCaptionChoice(): string {
  try {
    return localStorage.getItem(KEY) ?? 'off';
  } catch {
    return 'off'; // storage blocked: no captions, as by default
  }
}

export function storeCaptionChoice(choice: string): void {
  try {
    localStorage.setItem(KEY, choice);
  } catch {
    // Not remembered, but applied now.
  }
}
