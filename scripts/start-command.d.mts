/** See start-command.mjs. */
export function startArgs(): string[];
