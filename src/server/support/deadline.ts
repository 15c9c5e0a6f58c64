/**
 * Runs `work` with a signal that aborts once `ms` have passed (or `parent` aborts), and rejects
 * then even if the work ignores its signal. Aborting stops the work itself (closes its
 * connection), so a send given up on is not completed later behind the caller's back.
 */
export function withDeadline<T>(
  work: (signal: AbortSignal) => Promise<T>,
  ms: number,
  parent?: AbortSignal,
): Promise<T> {
  const controller = new AbortController();
  const cancel = () => controller.abort(parent?.reason);
  parent?.addEventListener('abort', cancel, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    const fail = () =>
      reject(
        controller.signal.reason instanceof Error ? controller.signal.reason : new Error('Aborted'),
      );
    controller.signal.addEventListener('abort', fail, { once: true });
    timer = setTimeout(
      () => controller.abort(new Error(`No answer within ${Math.round(ms / 1000)} s`)),
      ms,
    );
  });
  if (parent?.aborted) cancel();
  return Promise.race([work(controller.signal), expired]).finally(() => {
    clearTimeout(timer);
    parent?.removeEventListener('abort', cancel);
  });
}
