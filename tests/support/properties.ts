/**
 * fast-check for the tests that send generated requests to a running server: chances that
 * fast-check shrinks back to the usual case, headers drawn one by one, and a property checked on
 * many cases at once.
 */
import fc from 'fast-check';

/** `arbitrary` with the given probability, otherwise `otherwise` (which shrinking goes back to) */
export function withChance<T, U>(
  probability: number,
  arbitrary: fc.Arbitrary<T>,
  otherwise: fc.Arbitrary<U>,
): fc.Arbitrary<T | U> {
  const weight = Math.round(probability * 100);
  return fc.oneof(
    { withCrossShrink: true },
    { arbitrary: otherwise, weight: 100 - weight },
    { arbitrary, weight },
  );
}

/** `arbitrary` with the given probability, otherwise undefined */
export const sometimes = <T>(probability: number, arbitrary: fc.Arbitrary<T>) =>
  withChance(probability, arbitrary, fc.constant(undefined));

/** true with the given probability */
export const chance = (probability: number) =>
  withChance(probability, fc.constant(true), fc.constant(false));

/** Headers that are each sent with their own probability, with one of their values */
export function someHeaders(
  table: ReadonlyArray<[name: string, probability: number, values: string[]]>,
): fc.Arbitrary<Record<string, string>> {
  const drawn = Object.fromEntries(
    table.map(([name, probability, values]) => [
      name,
      sometimes(probability, fc.constantFrom(...values)),
    ]),
  );
  return fc
    .record(drawn)
    .map((headers) =>
      Object.fromEntries(
        Object.entries(headers).filter(
          (entry): entry is [string, string] => entry[1] !== undefined,
        ),
      ),
    );
}

/**
 * Checks `check` on `count` cases drawn from `cases`, `lanes` at a time. fast-check checks one
 * case after another, so each lane is a property of its own, with seed `seed + lane`; a failure
 * names its lane's seed and path and the case fast-check shrank it to.
 */
export async function checkInLanes<T>(
  { count, lanes, seed }: { count: number; lanes: number; seed: number },
  cases: fc.Arbitrary<T>,
  check: (value: T) => Promise<void>,
): Promise<void> {
  const runs = Array.from({ length: lanes }, (_, lane) =>
    fc.assert(fc.asyncProperty(cases, check), {
      seed: seed + lane,
      numRuns: Math.floor((count + lane) / lanes),
    }),
  );
  const failures = (await Promise.allSettled(runs)).flatMap((run) =>
    run.status === 'rejected' ? [run.reason as Error] : [],
  );
  if (failures.length > 0) {
    const [first] = failures as [Error];
    throw new Error(`${failures.length} of ${lanes} lanes failed; the first:\n${first.message}`, {
      cause: first.cause,
    });
  }
}
