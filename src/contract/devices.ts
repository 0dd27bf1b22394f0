import { z } from 'zod';

/** One sign-in session, as the Devices list shows it (docs/api.md §13). */
export const device = z.object({
  /** The session's own id: never its cookie's token or a hash of it. */
  _id: z.string(),
  createdAt: z.string(),
  /** Up to 5 minutes behind: the server writes it at most that often. */
  lastSeenAt: z.string(),
  /** A short label from the User-Agent: `Chrome on Android`, `Unknown device`. */
  device: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type Device = z.infer<typeof device>;

export const devicesList = z.object({ sessions: z.array(device) });
export type DevicesList = z.infer<typeof devicesList>;

export const SESSION_NOT_FOUND = 'Session not found';
export const SIGNED_OUT_OF_DEVICE = 'Signed out of that device';
export const SIGNED_OUT_OF_OTHERS = 'Signed out of every other device';
