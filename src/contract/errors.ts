import { z } from 'zod';

/** The one error body every failed call answers with; `message` is what a toast shows. */
export const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const messageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageBody>;
