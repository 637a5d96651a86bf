import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, createWriteStream, mkdirSync, openSync, statSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import net from "node:net";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const LOG_DIR = path.join(ROOT, "tests/.results/logs");

const RESERVATIONS = path.join(tmpdir(), "bce-test-ports");
/** How long a port handed out stays reserved: its server has bound it long before. */
const RESERVATION_MS = 10 * 60_000;

/**
 * Claims a port for this run's servers across every test process (vitest's
 * workers, Playwright's): two servers starting at once could otherwise both be
 * handed a port that was free when each asked (a private PostgreSQL takes a
 * second or two between being told its port and binding it). The claim is a
 * file created exclusively; one older than RESERVATION_MS is stale.
 */
function reserve(port: number): boolean {
  mkdirSync(RESERVATIONS, { recursive: true });
  const file = path.join(RESERVATIONS, String(port));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      closeSync(openSync(file, "wx"));
      return true;
    } catch {
      try {
        if (Date.now() - statSync(file).mtimeMs < RESERVATION_MS) return false;
        unlinkSync(file);
      } catch {
        // Removed meanwhile by another process: try again.
      }
    }
  }
  return false;
}

/**
 * A free port for a server a test starts, below Linux's ephemeral range
 * (32768–60999). A port the kernel also hands out to outgoing connections can
 * be taken by a client while its server is stopped (a restarted Redis then
 * cannot bind it), and a client reconnecting to its own ephemeral port can
 * even connect to itself. Servers that tests stop and start again must not
 * live there.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (!reserve(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.unref();
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error("no free port found between 20000 and 32000");
}

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  output(): string;
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * The processes this test process started and has not seen end: a stack whose start outlived its
 * hook's timeout is nobody's to stop, so they are killed when this process exits rather than left
 * running (and working its Redis queues) after the suite.
 */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** Starts a node process with its output kept in memory and in tests/.results/logs. */
export function startProcess(
  name: string,
  script: string,
  env: Record<string, string>,
  args: string[] = [],
): ManagedProcess {
  mkdirSync(LOG_DIR, { recursive: true });
  const log = createWriteStream(path.join(LOG_DIR, `${name}.log`), { flags: "a" });
  const childEnv = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    ...env,
  } as unknown as NodeJS.ProcessEnv;
  const child: ChildProcess = spawn(process.execPath, [script, ...args], {
    cwd: ROOT,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let buffer = "";
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    buffer += text;
    if (buffer.length > 2_000_000) buffer = buffer.slice(-1_000_000);
    log.write(text);
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code: number | null) => {
      running.delete(child);
      log.end();
      resolve(code);
    }),
  );
  return {
    name,
    child,
    exited,
    output: () => buffer,
    async waitForOutput(pattern, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(buffer)) {
        if (child.exitCode !== null)
          throw new Error(`${name} exited (${child.exitCode}) before ${pattern}:\n${buffer.slice(-4000)}`);
        if (Date.now() > deadline)
          throw new Error(`${name}: timed out waiting for ${pattern}:\n${buffer.slice(-4000)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async kill(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
}

/** A private redis-server, for tests that stop and restart Redis without touching anyone else's. */
export async function startPrivateRedis(
  extraArgs: string[] = [],
): Promise<{ url: string; port: number; stop(): Promise<void>; start(): Promise<void> }> {
  const port = await freePort();
  let proc: ChildProcess | undefined;
  const start = async () => {
    proc = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", ...extraArgs],
      { stdio: "ignore" },
    );
    const deadline = Date.now() + 10_000;
    for (;;) {
      const ok = await new Promise<boolean>((resolve) => {
        const socket = net.connect(port, "127.0.0.1", () => {
          socket.end();
          resolve(true);
        });
        socket.on("error", () => resolve(false));
      });
      if (ok) return;
      if (Date.now() > deadline) throw new Error("private redis-server did not start (is redis-server installed?)");
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    async stop() {
      if (!proc || proc.exitCode !== null) return;
      const p = proc;
      await new Promise<void>((resolve) => {
        p.on("exit", () => resolve());
        p.kill("SIGKILL");
      });
    },
  };
}

/**
 * A private PostgreSQL server in a temporary directory, for tests that stop and
 * restart the database without touching the machine's shared one. Runs as the
 * `postgres` system user when started as root (PostgreSQL refuses root).
 */
export async function startPrivatePostgres(): Promise<{
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}> {
  const { execFileSync } = await import("node:child_process");
  const { mkdtempSync, chmodSync, readdirSync, rmSync } = await import("node:fs");
  const os = await import("node:os");
  const versions = readdirSync("/usr/lib/postgresql").sort();
  const bin = `/usr/lib/postgresql/${versions[versions.length - 1]}/bin`;
  const dir = mkdtempSync(path.join(os.tmpdir(), "bce-pg-"));
  chmodSync(dir, 0o777);
  const port = await freePort();
  const asPostgres = (cmd: string, args: string[]) =>
    process.getuid?.() === 0
      ? execFileSync("runuser", ["-u", "postgres", "--", cmd, ...args], { stdio: "pipe" })
      : execFileSync(cmd, args, { stdio: "pipe" });
  const data = path.join(dir, "data");
  asPostgres(`${bin}/initdb`, ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const start = async () => {
    asPostgres(`${bin}/pg_ctl`, [
      "-D",
      data,
      "-l",
      path.join(dir, "log"),
      "-w",
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`,
      "start",
    ]);
  };
  const stop = async () => {
    try {
      asPostgres(`${bin}/pg_ctl`, ["-D", data, "-m", "fast", "-w", "stop"]);
    } catch {
      /* already stopped */
    }
  };
  await start();
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
