/**
 * Two runs side by side (docs/benchmarks.md "Comparing two runs"):
 *
 *   npx tsx bench/compare.ts bench/results/normal.json bench/results/slowed.json
 *
 * Each file is a copy of a run's bench/results/latest.json. Prints the machines' speeds, the
 * Lighthouse calibration, then every budget with both figures and verdicts, and lists the
 * budgets whose verdict differs (INFO lines are figures, never verdicts), then the lines only one
 * run has. Exits 1 when a verdict differs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MachineSpeed } from './machine';
import { type Budget, calibrationLine, machineLine, markdown, type WebResult } from './report';

interface Results {
  date: string;
  machine: MachineSpeed;
  web: WebResult;
  budgets: Budget[];
}

const files = process.argv.slice(2);
if (files.length !== 2) {
  console.error('usage: npx tsx bench/compare.ts <run A>.json <run B>.json');
  process.exit(2);
}
const [a, b] = files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Results);
const [nameA, nameB] = files.map((file) => path.basename(file, '.json'));

const lighthouse = (r: Results) =>
  calibrationLine(r.web) ?? r.web.skipped ?? r.web.lighthouseSkipped ?? 'not run';

const out: string[] = [
  `${nameA}: ${a.date}, ${machineLine(a.machine)}`,
  `${nameB}: ${b.date}, ${machineLine(b.machine)}`,
  `Lighthouse ${nameA}: ${lighthouse(a)}`,
  `Lighthouse ${nameB}: ${lighthouse(b)}`,
  '',
];

const byName = new Map(b.budgets.map((x) => [x.name, x]));
const names = [
  ...a.budgets.map((x) => x.name),
  ...b.budgets.map((x) => x.name).filter((n) => !a.budgets.some((x) => x.name === n)),
];
const differ: string[] = [];
const alone: string[] = [];
const rows = names.map((name) => {
  const x = a.budgets.find((v) => v.name === name);
  const y = byName.get(name);
  let verdict = '';
  if (!x || !y) {
    verdict = `only in ${x ? nameA : nameB}`;
    alone.push(`${name} (${verdict})`);
  } else if (x.status !== 'INFO' || y.status !== 'INFO') {
    verdict = x.status === y.status ? 'same' : 'DIFFERENT';
    if (verdict === 'DIFFERENT') differ.push(name);
  }
  return [
    name,
    x?.limit ?? y?.limit ?? '',
    x?.figure ?? '—',
    x?.status ?? '—',
    y?.figure ?? '—',
    y?.status ?? '—',
    verdict,
  ];
});
out.push(markdown(['budget', 'limit', `${nameA} figure`, nameA, `${nameB} figure`, nameB, 'verdict'], rows));
out.push('');
out.push(
  differ.length
    ? `${differ.length} verdicts differ:\n${differ.map((n) => `- ${n}`).join('\n')}`
    : 'Every verdict of the budgets both runs judged is the same.',
);
if (alone.length)
  out.push(
    `${alone.length} lines in one run only (different options?):\n${alone.map((n) => `- ${n}`).join('\n')}`,
  );
process.stdout.write(`${out.join('\n')}\n`);
if (differ.length) process.exitCode = 1;
