/** One bounded HTTP POST for the webhook and push channels: anything but a 2xx is a failed attempt */
export const HTTP_TIMEOUT_MS = 15_000;

export async function postOrThrow(url: string, body: string, headers: Record<string, string>, timeoutMs = HTTP_TIMEOUT_MS): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    body,
    headers,
    redirect: 'error',
    signal: AbortSignal.timeout(timeoutMs),
  });
  // Read (and drop) the body so the connection can be reused
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new Error(`HTTP ${response.status} from ${new URL(url).host}`);
}
