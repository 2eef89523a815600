import type { SimTransaction } from './simulatorTypes.ts';

// The simulator's "phone": prompts waiting for a person, with the answers a customer could give.
const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function promptPage(transactions: SimTransaction[]): string {
  const open = transactions.filter((t) => !t.result);
  const done = transactions.filter((t) => t.result).slice(0, 20);
  const button = (t: SimTransaction, action: string, label: string) =>
    `<form method="post" action="__mpesa/${esc(t.checkoutRequestId)}/${action}"><button>${label}</button></form>`;
  const openRows = open
    .map(
      (t) => `<li><strong>KES ${t.amount}</strong> from ${esc(t.phone)} · ${esc(t.accountReference)}
        <div class="actions">${button(t, 'approve', 'Enter PIN (pay)')}${button(t, 'cancel', 'Cancel')}${button(t, 'wrong_pin', 'Wrong PIN')}${button(t, 'insufficient', 'Insufficient funds')}</div></li>`,
    )
    .join('');
  const doneRows = done
    .map((t) => `<li>KES ${t.amount} from ${esc(t.phone)}: ${t.result!.resultCode} ${esc(t.result!.resultDesc)}${t.receipt ? ` · ${esc(t.receipt)}` : ''}</li>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="3"><base href="/"><title>M-Pesa simulator</title>
<style>body{font:16px system-ui,sans-serif;background:#141414;color:#eee;margin:0 auto;max-width:40rem;padding:1rem}
li{margin:.75rem 0;padding:.75rem;background:#222;border-radius:8px;list-style:none}ul{padding:0}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:.5rem}button{font:inherit;padding:.5rem .75rem;border-radius:6px;border:0;background:#2e7d32;color:#fff;cursor:pointer}
form+form button{background:#444}h1{font-size:1.4rem}</style></head><body>
<h1>M-Pesa simulator</h1><p>Prompts waiting on the customer's phone (this page refreshes itself).</p>
<ul>${openRows || '<li>No prompts are waiting.</li>'}</ul><h2>Recent answers</h2><ul>${doneRows || '<li>None yet.</li>'}</ul></body></html>`;
}
