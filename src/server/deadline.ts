/** `work`, or a rejection once `ms` have passed without it settling (the work itself is not stopped) */
export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
