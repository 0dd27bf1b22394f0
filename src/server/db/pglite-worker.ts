/**
 * The server's side of the embedded database's thread (db/pglite-host.ts): a client with the
 * part of PGlite's API that drizzle's pglite driver calls (`query`, `exec`, `transaction`), and
 * the runner of named statements (db/statement.ts), each call one message to the thread.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { HostData, HostReply, HostRequest } from './pglite-host';
import { sqlLiteral, type StatementRunner } from './statement';

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
/** A request without its id (distributes over the union, as Omit alone does not). */
type Ask = HostRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

interface Results {
  rows: unknown[];
  fields: Array<{ name: string; dataTypeID: number }>;
  affectedRows?: number;
}

/** The calls drizzle's pglite driver and migrator make, on the database or in a transaction. */
export interface PgliteLike {
  query(text: string, params?: unknown[], options?: { rowMode?: 'array' | 'object' }): Promise<Results>;
  exec(text: string): Promise<Results[]>;
  transaction<T>(run: (tx: PgliteLike) => Promise<T>): Promise<T>;
}

export interface PgliteThread {
  client: PgliteLike;
  runStatement: StatementRunner;
  /** Resolves if the database answers; rejects if it has stopped or hangs (see `STUCK_AFTER_MS`). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A health check must not wait behind the queries ahead of it (one connection: a full export's
 * queries take seconds in all). While any are in flight the thread counts as answering if it
 * answered one within this long; a longer silence is a hung engine. No single statement of the
 * app takes this long: imports and exports run in short statements (decision 0017).
 */
const STUCK_AFTER_MS = 30_000;

/**
 * Run from the TypeScript sources (tests, tsx) the host is TypeScript too, which a thread's
 * plain Node cannot load: a few lines of JavaScript load it through tsx. In the bundle
 * (scripts/build-server.mjs) it is the JavaScript beside main.mjs.
 */
function newHostThread(data: HostData): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(fileURLToPath(new URL('./pglite-host.mjs', import.meta.url)), { workerData: data });
  }
  // tsx's ESM API (its `require` export is the CommonJS one, which cannot register here).
  const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(path.join(tsxDir, 'dist/esm/api/index.mjs')).href;
  const host = new URL('./pglite-host.ts', import.meta.url).href;
  const load = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(host)}); })`;
  return new Worker(load, { eval: true, workerData: data });
}

/**
 * Compiled on first use and kept: each thread would otherwise compile PGlite's 9 MB of
 * WebAssembly again (seconds on a busy 2-core machine, at every open: tests open many).
 */
let compiled: Promise<Pick<HostData, 'pgliteWasmModule' | 'initdbWasmModule'>> | undefined;
function compileWasm() {
  compiled ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const compile = async (file: string) => WebAssembly.compile(await readFile(path.join(dist, file)));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
      compile('pglite.wasm'),
      compile('initdb.wasm'),
    ]);
    return { pgliteWasmModule, initdbWasmModule };
  })();
  compiled.catch(() => (compiled = undefined));
  return compiled;
}

function toError({ message, props }: { message: string; props: Record<string, unknown> }): Error {
  return Object.assign(new Error(message), props);
}

export async function startPgliteThread(
  settings: Omit<HostData, 'pgliteWasmModule' | 'initdbWasmModule'>,
): Promise<PgliteThread> {
  const worker = newHostThread({ ...settings, ...(await compileWasm()) });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let stopped: Error | null = null;
  let lastAnswerAt = Date.now();
  let openTransactions = 0;

  const ready = new Promise<void>((resolve, reject) => pending.set(0, { resolve: () => resolve(), reject }));
  worker.on('message', (reply: HostReply) => {
    lastAnswerAt = Date.now();
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.result);
    else waiting.reject(toError(reply.error));
  });
  // The thread ended (closed, or crashed): nothing in flight will be answered.
  const fail = (error: Error) => {
    stopped ??= error;
    for (const waiting of pending.values()) waiting.reject(stopped);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The embedded database's thread stopped (exit code ${code})`)));

  const ask = <T>(request: Ask): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  };

  const clientOn = (tx?: number): PgliteLike => ({
    query: (text, params = [], options = {}) =>
      ask<Results>({ op: 'query', tx, text, params, rowMode: options.rowMode ?? 'object' }),
    exec: (text) => ask<Results[]>({ op: 'exec', tx, text }),
    async transaction(run) {
      // Savepoints are drizzle's business (it nests with SAVEPOINT on the same client).
      if (tx !== undefined) return run(clientOn(tx));
      const id = await ask<number>({ op: 'begin' });
      openTransactions += 1;
      try {
        let result;
        try {
          result = await run(clientOn(id));
        } catch (error) {
          await ask({ op: 'end', tx: id, commit: false }).catch(() => undefined);
          throw error;
        }
        await ask({ op: 'end', tx: id, commit: true });
        return result;
      } finally {
        openTransactions -= 1;
      }
    },
  });

  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return {
    client: clientOn(),
    // The values become literals here, so the thread receives only text.
    runStatement: async (name, text, values) =>
      ask<unknown[]>({
        op: 'statement',
        name,
        text,
        args: values.length ? `(${values.map(sqlLiteral).join(', ')})` : '',
      }),
    async ping() {
      if (stopped) throw stopped;
      // Idle: a real round trip. Busy (queries queued, or a transaction holding the connection
      // while the app works between its statements): a query would wait its turn, so the thread
      // counts as answering if it answered lately.
      if (pending.size === 0 && openTransactions === 0) {
        await ask({ op: 'query', text: 'select 1', params: [], rowMode: 'array' });
      } else if (Date.now() - lastAnswerAt > STUCK_AFTER_MS) {
        throw new Error(`The embedded database has not answered for ${STUCK_AFTER_MS / 1000} s`);
      }
    },
    async close() {
      try {
        await ask({ op: 'close' });
      } finally {
        await worker.terminate();
      }
    },
  };
}
