import type { ImportSource, ImportSummary } from '../../../contract/data';
import { api } from '../../lib/api';

export interface ImportArgs {
  file: Blob;
  source: ImportSource;
  /** Strong only: the unit its weights were written in. */
  unit?: 'kg' | 'lb';
  /** Strong only; the server reads km when absent. */
  distanceUnit?: 'km' | 'mi';
}

// A 10 MB history takes seconds to check and write (docs/data-portability.md): more than the
// 20 s default is allowed before calling it stuck.
const IMPORT_TIMEOUT_MS = 120_000;

/**
 * POST /api/import with the file as the raw body. The type goes on the Blob, not in a header:
 * fetchBaseQuery drops a JSON content-type header for a non-JSON body, and the browser then sends
 * the Blob's own type (the server accepts application/json and text/csv, never text/plain).
 */
function importRequest({ file, source, unit, distanceUnit }: ImportArgs, dryRun: boolean) {
  const type = source === 'json' ? 'application/json' : 'text/csv';
  const strong = source === 'strong' ? { unit, distanceUnit } : {};
  return {
    url: '/import',
    method: 'POST',
    params: { source, ...strong, ...(dryRun ? { dryRun: '1' } : {}) },
    body: new Blob([file], { type }),
    timeout: IMPORT_TIMEOUT_MS,
  };
}

// Everything an import can create shows in the lists, the exercise pages and the sessions.
const IMPORT_CHANGE = ['Log', 'Exercise', 'Wlsession', 'Pasession'] as const;

export const dataApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** dryRun=1: what the file would create; writes nothing, so it invalidates nothing. */
    previewImport: build.mutation<ImportSummary, ImportArgs>({
      query: (args) => importRequest(args, true),
    }),
    importData: build.mutation<ImportSummary, ImportArgs>({
      query: (args) => importRequest(args, false),
      invalidatesTags: (_result, error) => (error ? [] : [...IMPORT_CHANGE]),
    }),
  }),
});

export const { usePreviewImportMutation, useImportDataMutation } = dataApi;
