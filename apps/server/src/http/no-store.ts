import type { FastifyReply, FastifyRequest } from 'fastify';

/** Marks an answer as one no browser or proxy may keep (a player's own data, secrets). */
export const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** `noStore` as a route's `onSend` hook, for routes whose every answer is private. */
export const noStoreOnSend = async (_request: FastifyRequest, reply: FastifyReply) => {
  noStore(reply);
};
