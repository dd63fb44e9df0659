import { describe, expect, it } from 'vitest';
import { flipRequests, payments } from '../db/schema';
import { createTestApp } from '../testing/app';
import { testClock } from '../testing/clock';
import { buildPaidSample, buildPayment } from '../testing/factories';
import { buildAdmin, buildUser } from '../testing/users';
import { csvField, csvRecord } from './csv';
import { EXPORT_PAGE_SIZE } from './summary';

/** GET /api/payments/export.csv over the real database: RFC 4180, the formula guard, every payment once. */

const clock = testClock(new Date('2026-11-25T22:30:00Z'));
const t = await createTestApp({}, { now: clock.now, slices: ['payments'] });
const admin = await buildAdmin(t.db);
const member = await buildUser(t.db);
const expiresAt = new Date('2026-11-25T23:00:00Z');

const HEADER = [
  'Payment ID',
  'Created (UTC)',
  'Updated (UTC)',
  'Captured (UTC)',
  'Kind',
  'Status',
  'Request',
  'Buyer',
  'Amount',
  'Currency',
  'PayPal order ID',
  'PayPal capture ID',
  'Description',
];

/** RFC 4180 read back: records end with CRLF, quoted fields may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else if (c === '\r' || c === '\n') throw new Error(`a bare line break at ${i}`);
    else field += c;
  }
  if (field !== '' || record.length) throw new Error('the last record does not end with CRLF');
  return records;
}

const download = (headers: Record<string, string> = admin.headers) => t.app.inject({ url: '/api/payments/export.csv', headers });

describe('CSV fields', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\r\nlines', '"two\r\nlines"'],
    ['line\nfeed', '"line\nfeed"'],
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['', ''],
  ])('writes %j as %j', (cell, written) => {
    expect(csvField(cell)).toBe(written);
  });

  it('leaves numbers and empty cells alone, and ends a record with CRLF', () => {
    expect(csvRecord([-5, null, 'x'])).toBe('-5,,x\r\n');
  });
});

describe('GET /api/payments/export.csv', () => {
  it('is for admins only: 401 logged out, 403 for a member', async () => {
    expect((await download({})).statusCode).toBe(401);
    expect((await download(member.headers)).statusCode).toBe(403);
  });

  it('sends a header row and nothing else when there are no payments, as an attachment named by the UTC day', async () => {
    const res = await download();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="payments-2026-11-25.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe(`${HEADER.join(',')}\r\n`);
  });

  it("writes each payment's columns, the buyer's name from its request, quoted and guarded against formulas", async () => {
    const [flip] = await t.db
      .insert(flipRequests)
      .values({
        sid: 'export-flip',
        videoId: 'dQw4w9WgXcQ',
        title: 'A flip',
        author: 'Someone',
        durationSeconds: 200,
        username: 'Night, "Owl"',
        amountCents: 2000,
        currency: 'USD',
        expiresAt,
      })
      .returning();
    const sample = await buildPaidSample(t.db, { sid: 'export-sample', username: '=HYPERLINK("http://evil.example","click")', expiresAt });
    const paid = await buildPayment(t.db, {
      kind: 'flip',
      requestRef: String(flip!.id),
      description: 'Flip request:\nA flip',
      status: 'captured',
      captureId: 'CAPTURE1',
      at: new Date('2026-11-25T10:00:00Z'),
      capturedAt: new Date('2026-11-25T10:00:05Z'),
    });
    const open = await buildPayment(t.db, {
      kind: 'sample',
      requestRef: String(sample!.id),
      amountCents: 500,
      description: '+ a sample',
      at: new Date('2026-11-25T11:00:00Z'),
    });
    // A reference that is no row id (past an integer): no buyer, and no failed cast either.
    const stray = await buildPayment(t.db, { kind: 'flip', requestRef: '99999999999', status: 'expired' });

    const records = parseCsv((await download()).body);
    expect(records[0]).toEqual(HEADER);
    expect(records.slice(1)).toEqual([
      [
        String(paid.id),
        '2026-11-25T10:00:00.000Z',
        '2026-11-25T10:00:00.000Z',
        '2026-11-25T10:00:05.000Z',
        'flip',
        'captured',
        String(flip!.id),
        'Night, "Owl"',
        '20.00',
        'USD',
        paid.orderId,
        'CAPTURE1',
        'Flip request:\nA flip',
      ],
      [
        String(open.id),
        '2026-11-25T11:00:00.000Z',
        '2026-11-25T11:00:00.000Z',
        '',
        'sample',
        'created',
        String(sample!.id),
        `'=HYPERLINK("http://evil.example","click")`,
        '5.00',
        'USD',
        open.orderId,
        '',
        "'+ a sample",
      ],
      [
        String(stray.id),
        stray.createdAt.toISOString(),
        stray.updatedAt.toISOString(),
        '',
        'flip',
        'expired',
        '99999999999',
        '',
        '20.00',
        'USD',
        stray.orderId,
        '',
        stray.description,
      ],
    ]);
    await t.db.delete(payments);
  });

  it(`pages through a table of more than ${EXPORT_PAGE_SIZE * 2} payments, each once, oldest first`, async () => {
    const total = EXPORT_PAGE_SIZE * 2 + 7;
    const rows = Array.from({ length: total }, (_, i) => ({
      kind: i % 2 ? 'flip' : 'sample',
      requestRef: `bulk-${i}`,
      amountCents: 500 + i,
      currency: 'USD',
      description: `Bulk ${i}`,
      orderId: `BULK${String(i).padStart(6, '0')}`,
      status: 'expired',
    }));
    const inserted = await t.db.insert(payments).values(rows).returning({ id: payments.id });
    const records = parseCsv((await download()).body).slice(1);
    expect(records.map((r) => Number(r[0]))).toEqual(inserted.map((r) => r.id).sort((a, b) => a - b));
    expect(new Set(records.map((r) => r[10])).size).toBe(total);
    await t.db.delete(payments);
  });
});
