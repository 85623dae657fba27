import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';

export interface LogLine {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

/** A real pino logger whose lines (parsed) land in `lines`, so tests can assert what was logged. */
export function captureLog(): { log: FastifyBaseLogger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const log = pino(
    { level: 'debug' },
    { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
  );
  return { log: log as unknown as FastifyBaseLogger, lines };
}

/** Resolves when `check` holds (polling every 20 ms), or fails after `timeoutMs`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
