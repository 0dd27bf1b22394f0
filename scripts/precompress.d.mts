import type { Plugin } from 'vite';

/** See precompress.mjs. */
export function precompress(): Plugin;
