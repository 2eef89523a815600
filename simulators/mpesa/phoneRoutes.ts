// The simulated phone, for a person (manual mode, demos): /__mpesa lists the prompts and Paybill payments
// (promptPage.ts) and answers an open prompt; /__mpesa/paybill is the phone's "Lipa na M-Pesa → Paybill" menu.
import type { Hono } from 'hono';
import type { PayBill } from './c2b.ts';
import { MANUAL_ACTIONS } from './outcomes.ts';
import { paybillPage, promptPage } from './promptPage.ts';
import type { SimContext, SimEnv } from './simContext.ts';
import type { StkPush } from './stkPush.ts';

export function registerPhone(app: Hono<SimEnv>, ctx: SimContext, settle: StkPush['settle'], payBill: PayBill) {
  const { opts, transactions, paybillPayments } = ctx;

  app.get('/__mpesa', (c) => c.html(promptPage([...transactions.values()].reverse(), paybillPayments)));
  app.get('/__mpesa/paybill', (c) => c.html(paybillPage(opts.shortcode)));
  app.post('/__mpesa/paybill', async (c) => {
    const form = new URLSearchParams(typeof c.get('body') === 'string' ? (c.get('body') as string) : '');
    const amount = Number(form.get('amount'));
    const phone = form.get('phone')?.trim() || '254708374149';
    if (Number.isInteger(amount) && amount > 0 && /^254[17]\d{8}$/.test(phone)) {
      await payBill({
        businessNumber: form.get('business')?.trim() ?? '',
        account: form.get('account')?.trim() ?? '',
        amount,
        phone,
      });
    }
    return c.redirect('/__mpesa', 303);
  });
  app.post('/__mpesa/:checkoutRequestId/:action', (c) => {
    const { checkoutRequestId, action } = c.req.param();
    const outcome = Object.hasOwn(MANUAL_ACTIONS, action) ? MANUAL_ACTIONS[action] : undefined;
    const tx = transactions.get(checkoutRequestId);
    if (outcome && tx && !tx.result) settle(tx, outcome);
    return c.redirect('/__mpesa', 303);
  });
}
