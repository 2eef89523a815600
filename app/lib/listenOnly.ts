// "Listen only" (the audio-only rendition): the learner's choice, kept per device in this browser.
const KEY = 'darasa.listenOnly';

export function readListenOnly(): boolean {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false; // storage blocked: pictures, as by default
  }
}

export function storeListenOnly(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Not remembered, but applied now.
  }
}
