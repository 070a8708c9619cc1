// `npm run dev`: the server from source with reload on change, the web app through Vite (HMR).
import { spawn } from "node:child_process";

const root = new URL("..", import.meta.url).pathname;
const child = spawn(
  "npx",
  ["tsx", "watch", "--clear-screen=false", "--exclude", "apps/web/**", "apps/api/src/server.ts"],
  {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      NODE_ENV: "development",
      WEB_DEV: "true",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
    },
  },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
