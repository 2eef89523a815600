// Viewing events for creator analytics, sent without slowing the page or the player: navigator.sendBeacon
// queues a tiny POST the browser delivers on its own (even while the page unloads) and never waits for an
// answer. The server batches them (server/modules/analytics/viewEventBuffer.ts).
//
//   trackView({ courseId, kind: 'trailer_view' })                      when a trailer starts
//   trackView({ courseId, episodeId, kind: 'preview_view' })           when the free preview starts
//   trackView({ courseId, episodeId, kind: 'watch', seconds: 15 })     every ~15 s of real playback (≤ 120)

export type TrackedView =
  | { courseId: string; kind: 'trailer_view'; episodeId?: string }
  | { courseId: string; kind: 'preview_view'; episodeId: string }
  | { courseId: string; kind: 'watch'; episodeId: string; seconds: number };

const ENDPOINT = '/api/events';

export function trackView(event: TrackedView): void {
  if (typeof navigator === 'undefined') return;
  const body = JSON.stringify(
    event.kind === 'watch' ? { ...event, seconds: Math.max(0, Math.min(120, Math.round(event.seconds))) } : event,
  );
  try {
    if (navigator.sendBeacon?.(ENDPOINT, body)) return;
  } catch {
    // Some browsers throw on beacons during unload; fall through to fetch.
  }
  void fetch(ENDPOINT, { method: 'POST', body, keepalive: true, credentials: 'same-origin' }).catch(() => {});
}
