import { z } from 'zod';
import { title } from './fields';
import { pagination } from './pagination';

export const logBody = z.object({ title });
export type LogBody = z.input<typeof logBody>;

export const log = z.object({
  _id: z.string(),
  title: z.string(),
  slugLog: z.string(),
  author: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Log = z.infer<typeof log>;

export const logsList = z.object({ logs: z.array(log), pagination });
export type LogsList = z.infer<typeof logsList>;
