import net from 'node:net';
import type { MiddlewareHandler } from 'hono';
import type { Services } from '../core/services.ts';
import { forbidden } from '../core/errors.ts';
import { clientIpOf } from './clientIp.ts';
import type { AppEnv } from './honoEnv.ts';

/** Where M-Pesa's callbacks arrive: STK, receipts, B2C, reversals (/api/mpesa/…) and Paybill (C2B). */
export const MPESA_CALLBACK_PATHS = ['/api/mpesa/*', '/api/payments/paybill/*'] as const;

function allowList(entries: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/**
 * MPESA_CALLBACK_ALLOWED_IPS: M-Pesa callbacks from any other client address (TRUST_PROXY decides which
 * one that is) are refused before their body is read, whatever secret their path carries.
 */
export function mpesaCallbackSource(services: Services): MiddlewareHandler<AppEnv> {
  const entries = services.config.mpesa.callbackAllowedIps;
  const list = entries ? allowList(entries) : null;
  return async (c, next) => {
    if (list) {
      const ip = clientIpOf(c, services.config.TRUST_PROXY);
      // An IPv4 client on a dual-stack socket reads ::ffff:a.b.c.d; BlockList matches it as IPv4.
      const family = net.isIP(ip);
      if (!family || !list.check(ip, family === 6 ? 'ipv6' : 'ipv4')) {
        services.log.warn({ ip }, 'M-Pesa callback from an address outside MPESA_CALLBACK_ALLOWED_IPS refused');
        throw forbidden('Callbacks are not accepted from this address.');
      }
    }
    await next();
  };
}
