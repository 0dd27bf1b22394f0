/**
 * The embedded database's own thread (a worker_threads Worker started by db/pglite-worker.ts).
 * PGlite runs PostgreSQL compiled to WebAssembly on the thread that calls it: on the server's
 * thread, one heavy query (a 30,000-session progress read, a full export) stalled every other
 * request, /api/health included (decision 0022). Here it only stalls other queries, which have
 * to wait for the one connection anyway.
 *
 * Messages are `HostRequest`s answered by one `HostReply` each, matched by `id`. PGlite's own
 * lock orders them: a query outside a transaction waits while one is open.
 */
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { parentPort, workerData } from 'node:worker_threads';

export interface HostData {
  /** The PGlite directory, or null for memory (tests). */
  pgliteDir: string | null;
  /** Type OIDs read as PostgreSQL's text instead of parsed (db/client.ts TEXT_TYPES). */
  textTypes: number[];
  /** Type OIDs drizzle reads as text on its own queries (its pglite driver passes them per query). */
  drizzleTextTypes: number[];
  planCacheMode: string;
  /** PGlite's WebAssembly, compiled once per process (db/pglite-worker.ts): a thread shares it. */
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
}

export type HostRequest = { id: number } & (
  | { op: 'query'; tx?: number; text: string; params: unknown[]; rowMode: 'array' | 'object' }
  | { op: 'exec'; tx?: number; text: string }
  /** `execute name(args)` of the statement `prepare name as text`, prepared on first use. */
  | { op: 'statement'; name: string; text: string; args: string }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' }
);

export type HostReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { message: string; props: Record<string, unknown> } };

const { pgliteDir, textTypes, drizzleTextTypes, planCacheMode, pgliteWasmModule, initdbWasmModule } =
  workerData as HostData;
const port = parentPort!;
const asText = (types: number[]) => Object.fromEntries(types.map((oid) => [oid, (value: string) => value]));
const parsers = asText(textTypes);
const drizzleParsers = asText(drizzleTextTypes);

/** A transaction in progress: its handle, and how to end it once the app says so. */
interface OpenTransaction {
  tx: Transaction;
  end: (commit: boolean) => void;
  done: Promise<unknown>;
}
const transactions = new Map<number, OpenTransaction>();
let nextTransaction = 1;
const prepared = new Map<string, Promise<unknown>>();

/** What the app's error handling reads (code, constraint, detail…) survives the copy between threads. */
function describeError(error: unknown): { message: string; props: Record<string, unknown> } {
  if (!(error instanceof Error)) return { message: String(error), props: {} };
  const props: Record<string, unknown> = { name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) props[key] = value;
  }
  return { message: error.message, props };
}

const db = new PGlite(pgliteDir ?? undefined, { parsers, pgliteWasmModule, initdbWasmModule });

async function open(): Promise<void> {
  await db.waitReady;
  const { rows } = await db.query<{ on: string }>(
    "select current_setting('standard_conforming_strings') as on",
  );
  // db/statement.ts's sqlLiteral escapes for this setting.
  if (rows[0]?.on !== 'on') throw new Error('PGlite must run with standard_conforming_strings on');
  await db.exec(`set plan_cache_mode = ${planCacheMode}`);
}

function on(tx: number | undefined): PGlite | Transaction {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error(`No transaction ${tx} is open`);
  return open.tx;
}

async function handle(request: HostRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const { rows, fields, affectedRows } = await on(request.tx).query(request.text, request.params, {
        rowMode: request.rowMode,
        parsers: drizzleParsers,
      });
      return { rows, fields, affectedRows };
    }
    case 'exec':
      return (await on(request.tx).exec(request.text, { parsers })).map(({ rows, fields, affectedRows }) => ({
        rows,
        fields,
        affectedRows,
      }));
    case 'statement': {
      let ready = prepared.get(request.name);
      if (!ready) {
        ready = db.exec(`prepare ${request.name} as ${request.text}`);
        prepared.set(request.name, ready);
        ready.catch(() => prepared.delete(request.name));
      }
      await ready;
      // `exec` does not apply the parsers given to the constructor: they are passed again.
      const [result] = await db.exec(`execute ${request.name}${request.args}`, { parsers });
      return result.rows;
    }
    case 'begin': {
      const id = nextTransaction++;
      // PGlite holds its lock for the callback's whole run: the transaction's queries arrive
      // as messages meanwhile, and every other query waits until the app ends it.
      return new Promise<number>((begun, failed) => {
        const done = db.transaction(
          (tx) =>
            new Promise<void>((committed, rolledBack) => {
              transactions.set(id, {
                tx,
                done,
                end: (commit) => (commit ? committed() : rolledBack(new Error('rolled back by the app'))),
              });
              begun(id);
            }),
        );
        done.catch(failed).finally(() => transactions.delete(id));
      });
    }
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error(`No transaction ${request.tx} is open`);
      open.end(request.commit);
      if (request.commit) await open.done;
      else await open.done.catch(() => undefined);
      return null;
    }
    case 'close':
      await db.close(); // flushes and shuts PostgreSQL down cleanly
      return null;
  }
}

const ready = open();
port.on('message', (request: HostRequest) => {
  ready
    .then(() => handle(request))
    .then(
      (result) => port.postMessage({ id: request.id, ok: true, result } satisfies HostReply),
      (error: unknown) =>
        port.postMessage({ id: request.id, ok: false, error: describeError(error) } satisfies HostReply),
    );
});
ready.then(
  () => port.postMessage({ id: 0, ok: true, result: 'ready' } satisfies HostReply),
  (error: unknown) => port.postMessage({ id: 0, ok: false, error: describeError(error) } satisfies HostReply),
);
