import { expect } from 'vitest';
import type { SandboxedApp } from '../sandbox/testing';
import { flipSteps } from './flip/testing';
import { sampleSteps } from './sample/testing';

/**
 * Pays a request of the kind through the routes and the PayPal stand-in (a flip by `username`); answers
 * its history id and its PayPal order, once PayPal's webhooks have landed.
 */
export function requestPayer(t: SandboxedApp) {
  const flip = flipSteps(t);
  const sample = sampleSteps(t);
  return async function paid(kind: 'flip' | 'sample', username?: string): Promise<{ id: number; orderId: string }> {
    const steps = kind === 'flip' ? flip : sample;
    const sid = kind === 'flip' ? await flip.validate(username) : await sample.validate();
    const orderId = await steps.order(sid);
    t.state.paypal.approve(orderId, 'paid');
    const res = await steps.capture(sid, orderId);
    expect(res.statusCode).toBe(200);
    await t.state.paypal.webhooks.idle();
    const rows = kind === 'flip' ? (await flip.rowsOf(sid)).history : (await sample.rowsOf(sid)).history;
    return { id: rows[0]!.id, orderId };
  };
}
