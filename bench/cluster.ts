import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { VIDEO_MAX_BYTES } from "@flipside/contracts/discussion-constants";
import { type PrivatePostgres, startPrivatePostgres } from "../apps/api/test/private-postgres.ts";
import { S3_CREDENTIALS, type S3Server, startS3Server } from "../apps/api/test/s3-server.ts";
import { freePort, type RunningServer, startServer } from "../e2e/fixtures/server.ts";

/**
 * Several Flipside instances behind HAProxy, as production runs them (docs/deploy.md): each with
 * its own data directory, all on one PostgreSQL server, one Redis and one S3-compatible store —
 * each of those a private process of the cluster's, so the drills (bench/drill.ts) may stop and
 * start them without touching the machine's own services. `npm run cluster` starts one for
 * development (`BALANCER=nginx` for nginx instead); Debian's haproxy (or nginx) and redis-server
 * must be installed (`apt-get install haproxy redis-server`); PostgreSQL's server binaries come
 * with Debian's postgresql.
 */
export interface Instance {
  name: string;
  port: number;
  url: string;
  server: RunningServer | undefined;
}

export interface Cluster {
  /** The balancer's address: what people use. */
  url: string;
  balancer: Balancer;
  instances: Instance[];
  postgres: PrivatePostgres;
  redis: Service;
  s3: S3Server;
  /** The environment every instance gets. */
  env: Record<string, string>;
  start(index: number): Promise<void>;
  /**
   * Waits until the balancer sends the instance requests again: what a rolling restart waits
   * for before it stops the next one (docs/deploy.md#rolling-restarts).
   */
  untilInService(index: number): Promise<void>;
  /** SIGTERM, and wait for the process to drain and exit. */
  stopInstance(index: number): Promise<void>;
  /** kill -9: in-flight requests are lost at the socket. */
  kill(index: number): Promise<void>;
  /** SIGSTOP / SIGCONT: the process stops answering anything, as a cut network looks to the balancer. */
  freeze(index: number): void;
  thaw(index: number): void;
  /** Removes everything the cluster made. */
  stop(): Promise<void>;
}

export interface Service {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export type BalancerKind = "haproxy" | "nginx";

export interface Balancer extends Service {
  kind: BalancerKind;
  /**
   * Whether the balancer sends the named instance requests. HAProxy says (its health checks);
   * nginx has passive checks only, so any instance that answers is in service to it.
   */
  inService(instance: Instance): Promise<boolean>;
}

function which(command: string): string | undefined {
  for (const dir of ["/usr/sbin", "/usr/bin", "/sbin", "/bin", "/usr/local/bin", "/usr/local/sbin"]) {
    if (existsSync(join(dir, command))) return join(dir, command);
  }
  return undefined;
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function exited(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

/** A redis-server of the cluster's own on a free port, keeping nothing on disk. */
async function startRedis(): Promise<Service> {
  const binary = which("redis-server");
  if (!binary) throw new Error("redis-server is not installed (apt-get install redis-server)");
  const port = await freePort();
  let child: ChildProcess | undefined;
  const ping = async () => {
    try {
      return (
        execFileSync("redis-cli", ["-p", String(port), "ping"], {
          encoding: "utf8",
          stdio: ["ignore", "pipe", "ignore"],
        }).trim() === "PONG"
      );
    } catch {
      return false;
    }
  };
  const service: Service = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        binary,
        ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        {
          stdio: "ignore",
        },
      );
      await until(ping, "Redis answering");
    },
    async stop() {
      if (!child) return;
      const running = child;
      child = undefined;
      running.kill("SIGKILL");
      await exited(running);
    },
  };
  await service.start();
  return service;
}

function haproxyConfig(port: number, instances: Instance[], socket: string) {
  return `global
  maxconn 4000
  log stderr format raw local0 notice
  # What the cluster asks which instances are in service (show stat).
  stats socket ${socket} level admin

defaults
  mode http
  log global
  log global
  timeout connect 1s
  timeout client 60s
  timeout server 60s
  # Shorter than the instances' drain (SHUTDOWN_DRAIN_MS): no idle connection outlives it.
  timeout http-keep-alive 2s
  retries 3
  option redispatch
  # A request the instance refused or closed without answering goes to another.
  retry-on conn-failure empty-response
  option forwardfor

frontend flipside
  bind 127.0.0.1:${port}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /api/ready
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2
${instances.map((i) => `  server ${i.name} 127.0.0.1:${i.port} check`).join("\n")}
`;
}

/** The same settings as docs/deploy.md's nginx example, on loopback, with its files in `dir`. */
function nginxConfig(port: number, instances: Instance[], dir: string) {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
${process.getuid?.() === 0 ? "user root;\n" : ""}events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size ${UPLOAD_LIMIT};
  upstream flipside {
${instances.map((i) => `    server 127.0.0.1:${i.port} max_fails=1 fail_timeout=${NGINX_FAIL_TIMEOUT_S}s;`).join("\n")}
    keepalive 32;
    # Shorter than the instances' drain (SHUTDOWN_DRAIN_MS, 3 s here): no idle connection outlives it.
    keepalive_timeout 2s;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://flipside;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 3;
    }
    location /api/v1/events {
      proxy_pass http://flipside;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}
`;
}

const NGINX_FAIL_TIMEOUT_S = 5;

/** The largest upload (a video) and a megabyte for the form around it. */
const UPLOAD_LIMIT = `${VIDEO_MAX_BYTES / 1024 / 1024 + 1}m`;

/** Asks HAProxy's stats socket for its servers' states: name → UP, DOWN, MAINT, … */
function haproxyStates(socket: string): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    let text = "";
    const connection = createConnection({ path: socket }, () => connection.end("show stat\n"));
    connection.setEncoding("utf8");
    connection.on("data", (chunk) => (text += chunk));
    connection.on("error", reject);
    connection.on("close", () => {
      const [header = "", ...lines] = text.split("\n");
      const columns = header.replace(/^# /, "").split(",");
      const name = columns.indexOf("svname");
      const status = columns.indexOf("status");
      const states = new Map<string, string>();
      for (const line of lines) {
        const fields = line.split(",");
        if (fields[0] === "instances" && fields[name]) states.set(fields[name], fields[status] ?? "");
      }
      resolve(states);
    });
  });
}

async function startBalancer(
  kind: BalancerKind,
  dir: string,
  port: number,
  instances: Instance[],
): Promise<Balancer> {
  const binary = which(kind);
  if (!binary) throw new Error(`${kind} is not installed (apt-get install ${kind})`);
  const file = join(dir, `${kind}.cfg`);
  const socket = join(dir, "haproxy.sock");
  if (kind === "haproxy") {
    await writeFile(file, haproxyConfig(port, instances, socket));
  } else {
    for (const temp of ["client-body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
      await mkdir(join(dir, temp), { recursive: true });
    }
    await writeFile(file, nginxConfig(port, instances, dir));
  }
  const args = kind === "haproxy" ? ["-db", "-f", file] : ["-c", file, "-e", "stderr"];
  let child: ChildProcess | undefined;
  let output = "";
  const service: Balancer = {
    kind,
    url: `http://127.0.0.1:${port}`,
    async start() {
      child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
      child.stdout?.on("data", (d) => (output = (output + d).slice(-5_000)));
      child.stderr?.on("data", (d) => (output = (output + d).slice(-5_000)));
      const running = child;
      await until(async () => {
        if (running.exitCode !== null) throw new Error(`${kind} exited:\n${output}`);
        return (await fetch(`${service.url}/api/health`)).ok;
      }, `${kind} forwarding`).catch((error: Error) => {
        throw new Error(`${error.message}; ${kind} said:\n${output}`);
      });
    },
    async stop() {
      if (!child) return;
      const running = child;
      child = undefined;
      running.kill(kind === "haproxy" ? "SIGTERM" : "SIGQUIT");
      await exited(running);
    },
    async inService(instance) {
      if (kind === "nginx") return (await fetch(`${instance.url}/api/ready`)).ok;
      return (await haproxyStates(socket)).get(instance.name) === "UP";
    },
  };
  return service;
}

export async function startCluster(
  opts: { instances?: number; env?: Record<string, string>; balancer?: BalancerKind } = {},
): Promise<Cluster> {
  const count = opts.instances ?? 2;
  const kind = opts.balancer ?? "haproxy";
  const dir = await mkdtemp(join(tmpdir(), "flipside-cluster-"));
  const cleanups: (() => Promise<void>)[] = [async () => rm(dir, { recursive: true, force: true })];
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  };
  try {
    const postgres = await startPrivatePostgres();
    cleanups.push(() => postgres.destroy());
    const redis = await startRedis();
    cleanups.push(() => redis.stop());
    const s3 = await startS3Server();
    cleanups.push(() => s3.close());

    const balancerPort = await freePort();
    const url = `http://127.0.0.1:${balancerPort}`;
    const env: Record<string, string> = {
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
      JWT_SECRET: randomBytes(32).toString("hex"),
      PUBLIC_ORIGIN: url,
      // HAProxy on loopback adds the client's address to X-Forwarded-For.
      TRUST_PROXY: "127.0.0.1",
      SHUTDOWN_DRAIN_MS: "3000",
      LOG_LEVEL: "warn",
      ...opts.env,
    };
    const instances: Instance[] = [];
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      instances.push({ name: `i${i + 1}`, port, url: `http://127.0.0.1:${port}`, server: undefined });
    }
    const dataDir = (index: number) => join(dir, `instance-${index + 1}`);
    const start = async (index: number) => {
      const instance = instances[index];
      if (!instance) throw new Error(`no instance ${index}`);
      instance.server = await startServer(
        { ...env, UPLOAD_DIR_SHARED: undefined },
        {
          dataDir: dataDir(index),
          port: instance.port,
        },
      );
    };
    // The first migrates; the others find it done.
    await start(0);
    for (let i = 1; i < count; i++) await start(i);
    cleanups.push(async () => {
      for (const instance of instances) await instance.server?.stop();
    });
    const balancer = await startBalancer(kind, dir, balancerPort, instances);
    await balancer.start();
    cleanups.push(() => balancer.stop());

    const running = (index: number) => {
      const server = instances[index]?.server;
      if (!server) throw new Error(`instance ${index + 1} is not running`);
      return server;
    };
    return {
      url,
      balancer,
      instances,
      postgres,
      redis,
      s3,
      env,
      start,
      async untilInService(index) {
        const instance = instances[index];
        if (!instance) throw new Error(`no instance ${index}`);
        await until(() => balancer.inService(instance), `${kind} sending ${instance.name} requests`);
        // nginx tries an instance that failed (refused while it was down) again only after
        // fail_timeout; until then, stopping the other would leave it none.
        if (kind === "nginx") await new Promise((r) => setTimeout(r, NGINX_FAIL_TIMEOUT_S * 1000));
      },
      async stopInstance(index) {
        await running(index).stop();
        const instance = instances[index];
        if (instance) instance.server = undefined;
      },
      async kill(index) {
        const server = running(index);
        process.kill(server.pid, "SIGKILL");
        await server.stop();
        const instance = instances[index];
        if (instance) instance.server = undefined;
      },
      freeze(index) {
        process.kill(running(index).pid, "SIGSTOP");
      },
      thaw(index) {
        process.kill(running(index).pid, "SIGCONT");
      },
      stop: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** BALANCER=haproxy (the default) or nginx. */
export function balancerKind(value: string | undefined): BalancerKind {
  if (value === undefined || value === "" || value === "haproxy") return "haproxy";
  if (value === "nginx") return "nginx";
  throw new Error(`BALANCER must be haproxy or nginx, not ${value}`);
}

// `npm run cluster`: a cluster for development, until Ctrl-C.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const cluster = await startCluster({
    instances: Number(process.env.CLUSTER_INSTANCES ?? 2),
    balancer: balancerKind(process.env.BALANCER),
  });
  const how =
    cluster.balancer.kind === "haproxy"
      ? "HAProxy, round robin, health check /api/ready"
      : "nginx, passive checks";
  console.log(`Flipside cluster: ${cluster.url} (${how})`);
  for (const instance of cluster.instances) console.log(`  ${instance.name}: ${instance.url}`);
  console.log(`  PostgreSQL: ${cluster.postgres.url}`);
  console.log(`  Redis: ${cluster.redis.url}`);
  console.log(`  S3 (s3rver): ${cluster.s3.endpoint}, bucket ${cluster.s3.bucket}`);
  console.log("Ctrl-C stops it and removes everything it made.");
  const stop = async () => {
    await cluster.stop();
    process.exit(0);
  };
  process.once("SIGINT", stop).once("SIGTERM", stop);
}
