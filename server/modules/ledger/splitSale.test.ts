import { expect, it } from 'vitest';
import { splitSale } from './splitSale.ts';

it('takes Darasa’s fee rounded to the nearest shilling and leaves the creator the rest', () => {
  expect(splitSale(1000, 10)).toEqual({ fee: 100, net: 900 });
  expect(splitSale(1555, 10)).toEqual({ fee: 156, net: 1399 });
  expect(splitSale(1554, 10)).toEqual({ fee: 155, net: 1399 });
  expect(splitSale(999, 0)).toEqual({ fee: 0, net: 999 });
  expect(splitSale(1, 30)).toEqual({ fee: 0, net: 1 });
});
