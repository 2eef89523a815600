import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { COUPON_TEXT } from '#common/coupons/couponTexts.ts';
import { DomainError } from '../core/errors.ts';
import { checkCoupon } from '../modules/coupons/checkCoupon.ts';
import { createCoupon } from '../modules/coupons/createCoupon.ts';
import { deactivateCoupon } from '../modules/coupons/deactivateCoupon.ts';
import { listCoupons } from '../modules/coupons/listCoupons.ts';
import type { AppEnv } from './honoEnv.ts';
import { objectBody } from './jsonBody.ts';

const small = bodyLimit({
  maxSize: 4096,
  onError: () => {
    throw new DomainError('too_large', 'The request is too large.');
  },
});

/** Coupons: the purchase modal's "Apply" and the studio's list, create and deactivate. Thin: modules decide. */
export function couponRoutes() {
  const app = new Hono<AppEnv>();
  app.post('/coupons/check', small, objectBody, async (c) => {
    const { services, actor } = c.var.ctx;
    return c.json(await checkCoupon(services, actor, c.req.valid('json')));
  });
  app.get('/studio/courses/:courseId/coupons', async (c) => {
    const { services, actor } = c.var.ctx;
    return c.json({ coupons: await listCoupons(services, actor, { courseId: c.req.param('courseId') }) });
  });
  app.post('/studio/courses/:courseId/coupons', small, objectBody, async (c) => {
    const { services, actor } = c.var.ctx;
    const coupon = await createCoupon(services, actor, {
      courseId: c.req.param('courseId'),
      coupon: c.req.valid('json'),
    });
    return c.json({ coupon, message: COUPON_TEXT.created }, 201);
  });
  app.post('/studio/courses/:courseId/coupons/:couponId/deactivate', async (c) => {
    const { services, actor } = c.var.ctx;
    await deactivateCoupon(services, actor, { courseId: c.req.param('courseId'), couponId: c.req.param('couponId') });
    return c.json({ message: COUPON_TEXT.deactivated });
  });
  return app;
}
