/** Asks Cloudflare (or the configured stand-in) whether a Turnstile token is genuine. */
export async function verifyTurnstile(
  verifyUrl: string,
  secret: string,
  token: string,
  remoteIp: string,
): Promise<boolean> {
  try {
    const response = await fetch(verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { success?: unknown };
    return body.success === true;
  } catch {
    return false; // unreachable verifier: refuse rather than let bots through
  }
}
