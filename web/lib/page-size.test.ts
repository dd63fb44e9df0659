import { describe, expect, it } from 'vitest';
import { nextPageNumber, pageSizeFor } from './page-size';

describe('pageSizeFor', () => {
  it('uses 9 under 1024 px and 21 from 1024 px', () => {
    expect(pageSizeFor('default', 375)).toBe(9);
    expect(pageSizeFor('default', 1023)).toBe(9);
    expect(pageSizeFor('default', 1024)).toBe(21);
  });

  it('uses 4 under 640 px and 8 from 640 px for short lists', () => {
    expect(pageSizeFor('short', 639)).toBe(4);
    expect(pageSizeFor('short', 640)).toBe(8);
  });

  it('uses 4 for playlist lists at every width', () => {
    expect(pageSizeFor('playlist', 375)).toBe(4);
    expect(pageSizeFor('playlist', 1920)).toBe(4);
  });
});

describe('nextPageNumber', () => {
  it('ends the list on a short page', () => {
    expect(nextPageNumber(3, 9, 2)).toBeUndefined();
    expect(nextPageNumber(0, 9, 1)).toBeUndefined();
  });

  it('asks for the next page after a full one', () => {
    expect(nextPageNumber(9, 9, 2)).toBe(3);
  });
});
