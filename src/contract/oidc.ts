import { z } from 'zod';

// Sign in with your identity provider (docs/api.md §13).

/** The profile's Link / Unlink: whether this account is linked, and whether it has a password to fall back on. */
export const oidcLinkState = z.object({ linked: z.boolean(), passwordSet: z.boolean() });
export type OidcLinkState = z.infer<typeof oidcLinkState>;
