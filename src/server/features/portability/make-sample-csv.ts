/**
 * Writes a sample Strong or Hevy export to stdout, for measuring imports (docs/data-portability.md):
 *   npx tsx src/server/features/portability/make-sample-csv.ts strong 6000 > /tmp/strong.csv
 */
import { sampleCsv } from './sample-csv';

const [source = 'strong', rows = '5000'] = process.argv.slice(2);
if ((source !== 'strong' && source !== 'hevy') || !(Number(rows) > 0))
  throw new Error('usage: make-sample-csv.ts strong|hevy ROWS');
process.stdout.write(sampleCsv(source, Number(rows)));
