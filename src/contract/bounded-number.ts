import { z } from 'zod';

/** The numeric strings the other number fields take (fields.ts): form inputs send text. */
const NUMERIC = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

/** null, absent and a blank form field all mean "not given"; a numeric string is its number. */
function readNumber(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') {
    if (value.trim() === '') return undefined;
    if (NUMERIC.test(value)) return Number(value);
  }
  return value;
}

interface Bounds {
  min: number;
  max: number;
  /** 1 for whole numbers, 2 for halves (RPE 7.5). */
  stepsPerUnit: number;
  /** The one message for out of range and off the grid alike (docs/api.md §11 words them so). */
  message: string;
}

/**
 * An optional number on a grid within bounds: undefined when not given (the caller picks the
 * default or null), `{Label} must be a number` for anything that is not a number (docs/api.md §3).
 */
export function boundedNumber(label: string, { min, max, stepsPerUnit, message }: Bounds) {
  return z.preprocess(
    readNumber,
    z
      .number({ error: `${label} must be a number` })
      .refine(Number.isFinite, `${label} must be a number`)
      .refine((n) => n >= min && n <= max && Number.isInteger(n * stepsPerUnit), message)
      .optional(),
  );
}
