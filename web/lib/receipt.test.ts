import { describe, expect, it } from 'vitest';
import { etaTarget, etaText, paidText, waitingText } from './receipt';

const answeredAt = Date.UTC(2026, 10, 28, 20, 0, 0);
const seconds = (n: number) => answeredAt + n * 1000;

describe('etaTarget', () => {
  it('is the answer time plus its seconds, or null without an ETA', () => {
    expect(etaTarget(720, answeredAt)).toBe(answeredAt + 720_000);
    expect(etaTarget(0, answeredAt)).toBe(answeredAt);
    expect(etaTarget(undefined, answeredAt)).toBeNull();
  });
});

describe('etaText', () => {
  it('says the minutes left, rounded, at least one', () => {
    const target = etaTarget(720, answeredAt)!;
    expect(etaText(target, answeredAt)).toBe('about 12 minutes');
    expect(etaText(target, seconds(30))).toBe('about 12 minutes');
    expect(etaText(target, seconds(60))).toBe('about 11 minutes');
    expect(etaText(target, seconds(700))).toBe('about a minute');
    expect(etaText(seconds(100), answeredAt)).toBe('about 2 minutes');
  });

  it('is null once the target is reached or past: the page says "any minute now"', () => {
    expect(etaText(answeredAt, answeredAt)).toBeNull();
    expect(etaText(answeredAt, seconds(5))).toBeNull();
  });

  it('counts hours past the hour, in five-minute steps', () => {
    expect(etaText(seconds(60 * 60), answeredAt)).toBe('about 1 hour');
    expect(etaText(seconds(81 * 60), answeredAt)).toBe('about 1 hour 20 minutes');
    expect(etaText(seconds(149 * 60), answeredAt)).toBe('about 2 hours 30 minutes');
    expect(etaText(seconds(179 * 60), answeredAt)).toBe('about 3 hours');
  });
});

describe('waitingText', () => {
  it('gives a queued request its place and time', () => {
    const target = etaTarget(720, answeredAt);
    expect(waitingText({ status: 'queued', position: 3, target }, answeredAt)).toBe('#3 in the queue · about 12 minutes');
    expect(waitingText({ status: 'queued', position: 1, target }, seconds(600))).toBe('#1 in the queue · about 2 minutes');
  });

  it('says "any minute now" when the ETA was 0 or has passed', () => {
    expect(waitingText({ status: 'queued', position: 1, target: etaTarget(0, answeredAt) }, answeredAt)).toBe(
      '#1 in the queue · any minute now',
    );
    expect(waitingText({ status: 'queued', position: 2, target: etaTarget(60, answeredAt) }, seconds(61))).toBe(
      '#2 in the queue · any minute now',
    );
  });

  it('leaves out what the answer did not have', () => {
    expect(waitingText({ status: 'queued', position: 4, target: null }, answeredAt)).toBe('#4 in the queue');
    expect(waitingText({ status: 'queued', target: etaTarget(300, answeredAt) }, answeredAt)).toBe('In the queue · about 5 minutes');
  });

  it('tells a held request when it should play once approved', () => {
    expect(waitingText({ status: 'held', target: etaTarget(900, answeredAt) }, answeredAt)).toBe(
      'It should play about 15 minutes after approval.',
    );
    expect(waitingText({ status: 'held', target: etaTarget(0, answeredAt) }, answeredAt)).toBe('It should play soon after approval.');
    expect(waitingText({ status: 'held', target: null }, answeredAt)).toBe('It joins the queue once approved.');
  });

  it('says nothing for a request that no longer waits', () => {
    for (const status of ['playing', 'played', 'rejected', 'refunded'] as const) {
      expect(waitingText({ status, position: 1, target: answeredAt }, answeredAt)).toBeNull();
    }
  });
});

describe('paidText', () => {
  it('formats the amount in its currency', () => {
    expect(paidText('20.00', 'USD')).toBe('$20.00');
    expect(paidText('15.00', 'EUR')).toBe('€15.00');
  });

  it('is null for a request from before paid requests, and the raw amount for what Intl refuses', () => {
    expect(paidText(null, 'USD')).toBeNull();
    expect(paidText('20.00', 'not-a-currency')).toBe('20.00 not-a-currency');
  });
});
