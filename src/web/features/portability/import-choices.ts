import { z } from 'zod';
import { IMPORT_MAX_BYTES, IMPORT_SOURCES, type ImportSource } from '../../../contract/data';
import type { ImportArgs } from './data.api';

/** Web-only (a File is a DOM object): the import form's fields, checked before anything is sent. */

export const SOURCES: { value: ImportSource; label: string }[] = [
  { value: 'json', label: 'Our JSON export' },
  { value: 'hevy', label: 'Hevy CSV' },
  { value: 'strong', label: 'Strong CSV' },
  { value: 'fitnotes', label: 'FitNotes CSV' },
];

const MB = 1024 * 1024;

export function formatMegabytes(bytes: number): string {
  return `${(bytes / MB).toFixed(1)} MB`;
}

export const importForm = z
  .object({
    file: z
      .file({ error: 'Choose a file' })
      .refine((file) => file.size > 0, 'The file is empty')
      .refine((file) => file.size <= IMPORT_MAX_BYTES, {
        // The server's 413 in the same words, plus the size found.
        error: (issue) =>
          `The file is too large (${formatMegabytes((issue.input as File).size)}): the limit is ${IMPORT_MAX_BYTES / MB} MB`,
      }),
    source: z.enum(IMPORT_SOURCES, { error: 'Choose where the file comes from' }),
    unit: z.enum(['kg', 'lb']).nullish(),
    distanceUnit: z.enum(['km', 'mi']),
  })
  .refine((values) => values.source !== 'strong' || values.unit, {
    path: ['unit'],
    message: 'Choose the unit your Strong weights are in',
    // Said even while another field is missing, so a submit shows every message at once.
    when: (payload) => (payload.value as { source?: unknown })?.source === 'strong',
  });

export type ImportFormInput = z.input<typeof importForm>;

/** The request the current choices make, or null while something is missing or wrong. */
export function toImportArgs(values: Partial<ImportFormInput>): ImportArgs | null {
  const parsed = importForm.safeParse(values);
  if (!parsed.success) return null;
  const { file, source, unit, distanceUnit } = parsed.data;
  return source === 'strong' ? { file, source, unit: unit ?? undefined, distanceUnit } : { file, source };
}

/**
 * Which app wrote the file, from its first line (Hevy, Strong and FitNotes name their columns
 * differently) or its extension; null when it cannot be told, so the person's own choice stays.
 */
export function guessSource(fileName: string, head: string): ImportSource | null {
  const first = head.replace(/^\uFEFF/, '').trimStart();
  if (first.startsWith('{')) return 'json';
  const header = first.split(/\r?\n/, 1)[0];
  if (header.includes('exercise_title')) return 'hevy';
  if (header.includes('Exercise Name')) return 'strong';
  // FitNotes: Date,Exercise,Category,Weight (kgs)… (docs/api.md §13).
  if (/^"?Date"?,"?Exercise"?,"?Category"?,/.test(header)) return 'fitnotes';
  if (/\.json$/i.test(fileName)) return 'json';
  return null;
}

/** Reads just the start of the file: enough for the header, cheap for 10 MB. */
export async function guessSourceOfFile(file: File): Promise<ImportSource | null> {
  try {
    return guessSource(file.name, await file.slice(0, 2048).text());
  } catch {
    return guessSource(file.name, '');
  }
}
