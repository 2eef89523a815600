import type { SimSms } from './createSmsSimulator.ts';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** Demo mode's "phones": every message the simulated gateway took, newest first, so a person can read a code. */
export function inboxPage(messages: SimSms[]): string {
  const rows = messages
    .map(
      (m) => `<li class="sms" data-to="${esc(m.to)}" data-status="${esc(m.deliveryStatus ?? m.status)}">
  <p class="meta"><strong>${esc(m.to)}</strong> · from ${esc(m.from ?? 'AFRICASTKNG')} · ${esc(m.at.toISOString())} · ${esc(m.deliveryStatus ?? m.status)}</p>
  <p class="text">${esc(m.message)}</p></li>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>SMS simulator — Darasa</title>
<style>body{font:16px/1.4 system-ui,sans-serif;margin:0 auto;max-width:40rem;padding:1rem;background:#f4f4f5;color:#18181b}
ul{list-style:none;padding:0}.sms{background:#fff;border-radius:12px;padding:.75rem 1rem;margin:.75rem 0;box-shadow:0 1px 2px #0002}
.meta{margin:0;color:#52525b;font-size:.85rem;overflow-wrap:anywhere}.text{margin:.35rem 0 0;font-size:1.05rem;white-space:pre-wrap}</style></head>
<body><h1>SMS simulator</h1><p>Messages "sent" through the simulated Africa's Talking gateway, newest first. Reload for new ones.</p>
${messages.length ? `<ul>${rows}</ul>` : '<p>No messages yet.</p>'}</body></html>`;
}
