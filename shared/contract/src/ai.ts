import { z } from 'zod';

export const aiTasksRequest = z.object({
  title: z.string().trim().min(1),
  description: z.string().default(''),
});
export type AiTasksRequest = z.input<typeof aiTasksRequest>;
export const aiTasksAnswer = z.object({ tasks: z.array(z.string()) });
export type AiTasksAnswer = z.infer<typeof aiTasksAnswer>;
export const aiStatus = z.object({ tasks: z.boolean() });
export type AiStatus = z.infer<typeof aiStatus>;
