import { expect, it } from 'vitest';
import { splitSale } from './splitSale.ts';

it('takes Darasa’s fee rounded to the nearest shilling and leaves the creator the rest', () => {
  expect(splitSale(1000, 10)).toEqual({ fee: 100, commission: 0, net: 900 });
  expect(splitSale(1555, 10)).toEqual({ fee: 156, commission: 0, net: 1399 });
  expect(splitSale(1554, 10)).toEqual({ fee: 155, commission: 0, net: 1399 });
  expect(splitSale(999, 0)).toEqual({ fee: 0, commission: 0, net: 999 });
  expect(splitSale(1, 30)).toEqual({ fee: 0, commission: 0, net: 1 });
});

it('takes an affiliate’s commission out of the creator’s share, every shilling accounted for', () => {
  expect(splitSale(1000, 10, 20)).toEqual({ fee: 100, commission: 200, net: 700 });
  expect(splitSale(1555, 10, 15)).toEqual({ fee: 156, commission: 233, net: 1166 });
  // Never more than what is left after the fee.
  expect(splitSale(100, 60, 50)).toEqual({ fee: 60, commission: 40, net: 0 });
});
