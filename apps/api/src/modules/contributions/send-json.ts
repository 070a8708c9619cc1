import type { FastifyReply } from "fastify";

/**
 * Sends JSON that is already serialized (from the page cache). Fastify sends a Buffer body as it
 * is, without the route's response serializer: the cached value was validated against the same
 * response schema when it was serialized. The route's typed reply only accepts objects, hence
 * the plain FastifyReply.
 */
export function sendSerialized(reply: unknown, json: Buffer) {
  return (reply as FastifyReply).type("application/json; charset=utf-8").send(json);
}
