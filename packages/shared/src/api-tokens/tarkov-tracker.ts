/**
 * Request shapes of the TarkovTracker-compatible API (/api/v2), as TarkovTracker's published
 * OpenAPI document and its clients (TarkovMonitor) send them.
 */
import { z } from 'zod';

export const taskStates = ['completed', 'uncompleted', 'failed'] as const;
export type TaskState = (typeof taskStates)[number];

/** Task and objective ids: tarkov.dev's (24 hex digits today), kept to a safe alphabet. */
export const zSourceTaskId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);

export const zTaskStateBody = z.object({ state: z.enum(taskStates) });

/** Most tasks one bulk update may carry (tarkov.dev lists about 500). */
export const maxTasksPerUpdate = 5_000;

/**
 * A bulk update: TarkovMonitor sends a list of `{id, state}`; TarkovTracker's own handler reads an
 * object of task id → state. Both are read.
 */
export const zTaskUpdates = z.union([
  z
    .array(z.object({ id: zSourceTaskId, state: z.enum(taskStates) }))
    .min(1)
    .max(maxTasksPerUpdate),
  z
    .record(zSourceTaskId, z.enum(taskStates))
    .refine((o) => Object.keys(o).length > 0 && Object.keys(o).length <= maxTasksPerUpdate),
]);

export const zObjectiveBody = z
  .object({
    state: z.enum(['completed', 'uncompleted']).nullish(),
    count: z.number().int().min(0).max(1_000_000).nullish(),
  })
  .refine((b) => b.state != null || b.count != null, 'Provide a state or a count');
