import http from 'node:http';

/** The request never got an HTTP answer (refused, reset, timed out). */
export class NetworkError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface Reply {
  status: number;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  setCookie: string[];
}

export interface RequestOptions {
  cookie?: string;
  body?: unknown;
  /** Raw text body with its content type (the import takes files). */
  raw?: { text: string; contentType: string };
  timeoutMs?: number;
}

/** One JSON request, as the web app sends it from the same origin (keep-alive connections). */
export async function request(
  base: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: RequestOptions = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | undefined;
  if (options.raw) {
    headers['content-type'] = options.raw.contentType;
    body = options.raw.text;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (method !== 'GET') headers.origin = base;
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${base}${path}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    text = await response.text();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    throw new NetworkError(
      `${method} ${path}: ${(error as Error).message} ${cause?.code ?? ''}`,
      cause?.code,
    );
  }
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json, setCookie: response.headers.getSetCookie() };
}

export function cookieFrom(reply: Reply): string {
  const sid = reply.setCookie.find((c) => c.startsWith('sid='));
  if (!sid) throw new Error(`no session cookie (${reply.status} ${reply.text.slice(0, 200)})`);
  return sid.split(';')[0];
}

/**
 * A request on its own new connection (no keep-alive), so "in flight" and "refused" mean exactly
 * that: used around SIGTERM.
 */
export function rawRequest(
  port: number,
  method: string,
  path: string,
  options: { cookie?: string; body?: string; contentType?: string; timeoutMs?: number } = {},
): Promise<{ status: number; text: string; doneAt: number }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { connection: 'close' };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.body !== undefined) {
      headers['content-type'] = options.contentType ?? 'application/json';
      headers['content-length'] = Buffer.byteLength(options.body);
    }
    const req = http.request(
      { host: '127.0.0.1', port, method, path, headers, agent: false, timeout: options.timeoutMs ?? 30_000 },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, doneAt: Date.now() }));
        res.on('error', (error) =>
          reject(new NetworkError(error.message, (error as NodeJS.ErrnoException).code)),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (error) =>
      reject(new NetworkError(error.message, (error as NodeJS.ErrnoException).code)),
    );
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** Opens a TCP connection and reports whether the server accepted it. */
export function tryConnect(port: number): Promise<'accepted' | string> {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/api/health', agent: false, timeout: 3000 });
    req.on('response', (res) => {
      res.resume();
      resolve(`accepted (${res.statusCode})`);
    });
    req.on('error', (error) => resolve((error as NodeJS.ErrnoException).code ?? error.message));
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.end();
  });
}
