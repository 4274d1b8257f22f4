/**
 * Downloads that need the bearer token: a plain link would not send it, so the file is fetched as a
 * blob and saved under its name.
 */
import { failureMessage, readEnvelopeText, SERVER_ERROR_MESSAGE } from '../../engine/core';

/**
 * Fetches `url` with the token and saves the answer as `fileName`. `headers` are sent besides the
 * token (`Accept-Language` for a document the server writes in the reader's language). Resolves to an
 * error text, or null on success.
 */
export async function downloadWithToken(
  url: string,
  getToken: () => string | null | undefined,
  fileName: string,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
  headers: Readonly<Record<string, string>> = {},
): Promise<string | null> {
  try {
    const token = getToken();
    const response = await fetchImpl(url, {
      headers: token ? { ...headers, Authorization: `Bearer ${token}` } : { ...headers },
    });
    if (!response.ok) return failureMessage(readEnvelopeText(response.status, await response.text()));
    const blob = await response.blob();
    const objectUrl = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
    // Give the browser time to start the download before the URL goes.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
    return null;
  } catch {
    return SERVER_ERROR_MESSAGE;
  }
}
