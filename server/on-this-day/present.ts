/**
 * An item presented as every read presents it (catalogue/present.ts), plus its anniversary: the year
 * it came out in the site's time zone, and how many years ago that is. The item is the one just
 * presented for this answer, so it is completed in place.
 */
export function presentAnniversary<T extends object>(item: T, year: number, thisYear: number): T & { year: number; yearsAgo: number } {
  return Object.assign(item, { year, yearsAgo: thisYear - year });
}
