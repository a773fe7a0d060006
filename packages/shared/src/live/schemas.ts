import { z } from 'zod';

/** The stream's query: a game whose content changes the page wants, a ticket when signed in. */
export const zLiveStreamQuery = z
  .object({
    game: z.string().min(1).max(200).optional(),
    ticket: z.string().min(20).max(200).optional(),
    /** The last event seen, for a stream the client opens anew (EventSource sends the header itself). */
    lastEventId: z.string().min(1).max(100).optional(),
  })
  .strict();

export type LiveStreamQuery = z.infer<typeof zLiveStreamQuery>;

export const zLiveTicket = z.object({ ticket: z.string(), expiresIn: z.number().int() });
export type LiveTicket = z.infer<typeof zLiveTicket>;
