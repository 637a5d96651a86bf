import { pino, type Logger } from "pino";
import type { Env } from "./env.server";

export type { Logger };

/** JSON logs in production (one object a line), pretty ones in development. */
export function createLogger(env: Pick<Env, "NODE_ENV" | "LOG_LEVEL">, name: string): Logger {
  const pretty = env.NODE_ENV === "development" && process.stdout.isTTY !== false;
  return pino({
    name,
    level: env.LOG_LEVEL,
    base: { service: name },
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", "password", "*.password", "token", "*.token"],
      censor: "[redacted]",
    },
    ...(pretty
      ? {
          transport: {
            target: "pino-pretty",
            options: { colorize: true, translateTime: "HH:MM:ss", ignore: "pid,hostname,service" },
          },
        }
      : {}),
  });
}
