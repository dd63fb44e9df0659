import { expect } from 'vitest';

/** The error a promise rejects with, checked to be of `type` (a promise that resolves fails the test). */
export async function rejectionOf<E extends Error>(promise: Promise<unknown>, type: abstract new (...args: never[]) => E): Promise<E> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  return error as E;
}
