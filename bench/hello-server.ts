// The ceiling: a bare Fastify hello-world, started by the bench beside Flipside.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
const port = Number(process.env.PORT ?? 0);
await app.listen({ host: "127.0.0.1", port });
process.send?.({ port: (app.server.address() as { port: number }).port });
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
