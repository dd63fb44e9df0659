/** The middle value of a bench's repeated runs (the upper middle of an even count); NaN for none. */
export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
