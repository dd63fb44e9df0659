import { describe, expect, it } from 'vitest';
import { samplePriceUsd } from './pricing';

describe('samplePriceUsd', () => {
  it.each([
    [0.4, 5],
    [1, 5],
    [4.99, 5],
    [5, 5],
    [5.99, 5],
  ])('charges $5 for up to 5 whole seconds (%s s -> $%i)', (seconds, price) => {
    expect(samplePriceUsd(seconds)).toBe(price);
  });

  it.each([6, 7, 9.5, 10, 10.99])('charges $10 for 6 to 10 s (%s s)', (seconds) => {
    expect(samplePriceUsd(seconds)).toBe(10);
  });

  it.each([
    [11, 15],
    [15, 15],
    [16, 20],
    [30, 30],
    [31, 35],
    [60, 60],
  ])('adds $5 per further started 5-second block (%i s -> $%i)', (seconds, price) => {
    expect(samplePriceUsd(seconds)).toBe(price);
  });
});

describe('samplePriceUsd on invalid input', () => {
  it('charges the minimum block rather than NaN', () => {
    expect(samplePriceUsd(Number.NaN)).toBe(5);
  });
});
