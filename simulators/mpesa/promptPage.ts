import type { SimTransaction } from './simulatorTypes.ts';
import type { PaybillPayment } from './paybill.ts';

// The simulator's "phone": prompts waiting for a person, with the answers a customer could give.
const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function promptPage(transactions: SimTransaction[], paybills: PaybillPayment[]): string {
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
    .map(
      (t) =>
        `<li>KES ${t.amount} from ${esc(t.phone)}: ${t.result!.resultCode} ${esc(t.result!.resultDesc)}${t.receipt ? ` · ${esc(t.receipt)}` : ''}</li>`,
    )
    .join('');
  const paybillRows = paybills
    .slice(0, 10)
    .map(
      (p) =>
        `<li>Paybill ${esc(p.input.businessNumber)} · account ${esc(p.input.account)} · KES ${p.input.amount}: ${p.completed ? `paid · ${esc(p.transId)}` : `refused (${esc(p.validation)})`}</li>`,
    )
    .join('');
  const paybillLink = `<p><a class="button" href="__mpesa/paybill">Pay by Paybill</a></p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="3"><base href="/"><title>M-Pesa simulator</title>
<style>body{font:16px system-ui,sans-serif;background:#141414;color:#eee;margin:0 auto;max-width:40rem;padding:1rem}
li{margin:.75rem 0;padding:.75rem;background:#222;border-radius:8px;list-style:none}ul{padding:0}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:.5rem}button{font:inherit;padding:.5rem .75rem;border-radius:6px;border:0;background:#2e7d32;color:#fff;cursor:pointer}
form+form button{background:#444}h1{font-size:1.4rem}summary{cursor:pointer;padding:.75rem 0;font-weight:700;min-height:44px}
.button{display:inline-block;padding:.75rem 1rem;border-radius:6px;background:#2e7d32;color:#fff;text-decoration:none}.paybill label{display:block;margin:.5rem 0}.paybill input{display:block;font:inherit;padding:.5rem;width:100%;box-sizing:border-box;min-height:44px}</style></head><body>
<h1>M-Pesa simulator</h1><p>Prompts waiting on the customer's phone (this page refreshes itself).</p>
<ul>${openRows || '<li>No prompts are waiting.</li>'}</ul>${paybillLink}<h2>Recent answers</h2><ul>${paybillRows}${doneRows || '<li>None yet.</li>'}</ul></body></html>`;
}

/** The phone's "Lipa na M-Pesa → Paybill" menu (its own page: the prompt list refreshes itself). */
export function paybillPage(shortcode: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<base href="/"><title>Pay by Paybill · M-Pesa simulator</title>
<style>body{font:16px system-ui,sans-serif;background:#141414;color:#eee;margin:0 auto;max-width:40rem;padding:1rem}
label{display:block;margin:.75rem 0}input{display:block;font:inherit;padding:.5rem;width:100%;box-sizing:border-box;min-height:44px;margin-top:.25rem}
button{font:inherit;padding:.75rem 1rem;border-radius:6px;border:0;background:#2e7d32;color:#fff;cursor:pointer;min-height:44px}h1{font-size:1.4rem}</style></head><body>
<h1>Lipa na M-Pesa → Paybill</h1><form method="post" action="__mpesa/paybill">
<label>Business number <input name="business" inputmode="numeric" value="${esc(shortcode)}" required></label>
<label>Account number <input name="account" inputmode="numeric" autocomplete="off" required></label>
<label>Amount <input name="amount" inputmode="numeric" required></label>
<label>Phone <input name="phone" inputmode="numeric" value="254708374149" required></label>
<button>Send</button></form><p><a href="__mpesa" style="color:#9ad">Back to prompts</a></p></body></html>`;
}
