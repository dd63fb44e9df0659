import { CURRENCY, FLIP_PRICE_USD, SAMPLE_BLOCK_PRICE_USD, SAMPLE_BLOCK_SECONDS } from './constants';

/** $5 for up to 5 s, plus $5 per further started 5 s block, on whole elapsed seconds. */
export function samplePriceUsd(durationSeconds: number): number {
  const whole = Number.isFinite(durationSeconds) ? Math.max(1, Math.floor(durationSeconds)) : 1;
  return Math.ceil(whole / SAMPLE_BLOCK_SECONDS) * SAMPLE_BLOCK_PRICE_USD;
}

/** The flip price as PayPal writes amounts (currency and a two-decimal string): $20.00 USD. */
export const FLIP_PRICE = { currency_code: CURRENCY, value: FLIP_PRICE_USD.toFixed(2) } as const;
