import type { Selectable } from 'kysely';
import type { CouponKind, CouponTable } from '#server/db/schema.ts';
import { toBool, toIso, toNum } from '#server/db/values.ts';

export interface CouponView {
  id: string;
  code: string;
  kind: CouponKind;
  value: number;
  expiresAt: string | null;
  maxUses: number | null;
  uses: number;
  active: boolean;
  createdAt: string;
}

export function couponView(c: Selectable<CouponTable>, uses: number): CouponView {
  return {
    id: c.id,
    code: c.code,
    kind: c.kind,
    value: toNum(c.value),
    expiresAt: c.expiresAt == null ? null : toIso(c.expiresAt),
    maxUses: c.maxUses == null ? null : toNum(c.maxUses),
    uses,
    active: toBool(c.active),
    createdAt: toIso(c.createdAt),
  };
}
