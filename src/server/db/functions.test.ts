import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTIONS_DIR } from '../paths';
import { type Database, openDatabase } from './client';
import { applyFunctions, functionFiles, type RunSql, runSqlOn } from './functions';

// Always on its own in-memory PGlite: it redefines session_api_json, which would change the
// answers of every other test sharing a PostgreSQL database.
let database: Database;
let run: RunSql;
const dir = mkdtempSync(path.join(tmpdir(), 'functions-'));

beforeAll(async () => {
  database = await openDatabase({ dataDir: ':memory:' });
  run = runSqlOn(database);
  const [user, log, exercise] = [randomUUID(), randomUUID(), randomUUID()];
  await run(
    `insert into users (id, username, email, password_hash) values ('${user}', 'u', 'u@x.test', 'h')`,
  );
  await run(`insert into logs (id, author_id, title, slug) values ('${log}', '${user}', 'L', 'l')`);
  await run(`insert into exercises (id, author_id, log_id, title, slug, kind)
    values ('${exercise}', '${user}', '${log}', 'E', 'e', 'pasession')`);
  await run(`insert into sessions (id, author_id, exercise_id, kind, slug, created_date, hours, minutes,
      seconds, distance, pace_minutes, pace_seconds, speed)
    values ('${randomUUID()}', '${user}', '${exercise}', 'pasession', '2026-01-01', '2026-01-01', 0, 30, 0, 5, 6, 0, 10)`);
});

afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

const storedKeys = async () => {
  const [row] = await run('select api_json::text as json from sessions');
  return Object.keys(JSON.parse(String(row.json)));
};

describe('applyFunctions', () => {
  it('stores each session its JSON on insert', async () => {
    expect(await storedKeys()).toContain('paceMinutes');
  });

  it('rebuilds the stored JSON once the function that builds it changes, and runs again unchanged', async () => {
    cpSync(FUNCTIONS_DIR, dir, { recursive: true });
    const file = path.join(dir, 'session-api-json.sql');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace("'distance', s.distance,", "'distance', s.distance, 'extra', 1,"),
    );
    await applyFunctions(run, dir);
    expect(await storedKeys()).toContain('extra');
    await applyFunctions(run, dir);
    await applyFunctions(run);
    expect(await storedKeys()).not.toContain('extra');
    await applyFunctions(run);
    expect(await storedKeys()).toContain('paceMinutes');
  });
});

describe('db/functions/', () => {
  it('applies a file before the files whose names extend its own, whose functions may call it', () => {
    const names = functionFiles().map((file) => file.name);
    expect(names.indexOf('user-log.sql')).toBeLessThan(names.indexOf('user-log-exercise.sql'));
  });

  it('has the path scope inlined into the calling statement: table scans in its plan, no function call', async () => {
    const plan = await run(`explain select s.id from user_log_exercise('t', 'l', 'e') scope
      left join sessions s on s.author_id = scope.author_id and s.exercise_id = scope.exercise_id`);
    const text = plan.map((row) => Object.values(row)[0]).join('\n');
    expect(text).not.toContain('Function Scan');
    expect(text).toMatch(/auth_sessions[\s\S]*logs[\s\S]*exercises/);
  });
});
