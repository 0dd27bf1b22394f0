/**
 * The fleet's clients: JSON requests from a chosen loopback source address (127.0.0.0/8 is all
 * loopback on Linux, so each client can be a different "IP" to the per-IP limits) over keep-alive
 * connections, and creates that retry with their Idempotency-Key as the web app's offline queue does.
 */
import http from 'node:http';
import { NetworkError } from './http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export interface Answer {
  status: number;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  headers: http.IncomingHttpHeaders;
}

export interface SendOptions {
  cookie?: string;
  body?: unknown;
  /** The source address, 127.0.0.1 unless given. */
  from?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** One request to 127.0.0.1:`port`; a NetworkError when no HTTP answer came. */
export function send(port: number, method: string, path: string, options: SendOptions = {}): Promise<Answer> {
  const headers: Record<string, string | number> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(body);
  }
  if (method !== 'GET') headers.origin = `http://127.0.0.1:${port}`;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers,
        agent,
        localAddress: options.from ?? '127.0.0.1',
        timeout: options.timeoutMs ?? 20_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, text, json, headers: res.headers });
        });
        res.on('error', (error) =>
          reject(new NetworkError(error.message, (error as NodeJS.ErrnoException).code)),
        );
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'TIMEOUT' })));
    req.on('error', (error) =>
      reject(new NetworkError(error.message, (error as NodeJS.ErrnoException).code ?? 'ERROR')),
    );
    req.end(body);
  });
}

/** What a client may retry with the same key: no answer, the proxy's gateway errors, a limit, a 500. */
const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);
const MAX_ATTEMPTS = 10;

export interface CreateResult {
  /** The acknowledged answer (2xx or a 4xx kept for the key), or null when every attempt failed. */
  answer: Answer | null;
  attempts: number;
  /** Why each failed attempt failed: `502`, `ECONNRESET`, `TIMEOUT`, `impatient` (firstTimeoutMs) … */
  failures: string[];
  /** A retry was answered with the kept answer of an earlier attempt (`Idempotent-Replayed`). */
  replayedOnRetry: boolean;
}

/**
 * A POST create with an Idempotency-Key, sent again with the same key and body after a failure,
 * at most MAX_ATTEMPTS times and never past `deadline`; backoff 50 ms doubling to 1 s, or the
 * server's Retry-After (at most 2 s).
 */
export async function createWithRetries(
  port: number,
  path: string,
  body: unknown,
  options: {
    cookie: string;
    key: string;
    from: string;
    deadline: number;
    /**
     * The first attempt's timeout when the client is impatient: it gives up while the server
     * may still be writing, and its retry (perhaps on another instance) must not write again.
     */
    firstTimeoutMs?: number;
  },
): Promise<CreateResult> {
  const result: CreateResult = { answer: null, attempts: 0, failures: [], replayedOnRetry: false };
  while (result.attempts < MAX_ATTEMPTS && Date.now() < options.deadline) {
    result.attempts += 1;
    let wait = Math.min(1000, 50 * 2 ** (result.attempts - 1)) * (0.5 + Math.random() / 2);
    try {
      const answer = await send(port, 'POST', path, {
        cookie: options.cookie,
        body,
        from: options.from,
        headers: { 'idempotency-key': options.key },
        timeoutMs: result.attempts === 1 ? options.firstTimeoutMs : undefined,
      });
      if (!RETRY_STATUSES.has(answer.status)) {
        result.answer = answer;
        result.replayedOnRetry = result.attempts > 1 && answer.headers['idempotent-replayed'] === 'true';
        return result;
      }
      result.failures.push(String(answer.status));
      const retryAfter = Number(answer.headers['retry-after']);
      if (answer.status === 429 && retryAfter > 0) wait = Math.min(2000, retryAfter * 1000);
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      const impatient = result.attempts === 1 && options.firstTimeoutMs && error.code === 'TIMEOUT';
      result.failures.push(impatient ? 'impatient' : (error.code ?? 'ERROR'));
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return result;
}
