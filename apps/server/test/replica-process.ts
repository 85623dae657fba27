import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The child entry: a replica of the server from its environment (replica-server.ts). */
const CHILD = fileURLToPath(new URL('./replica-server.ts', import.meta.url));

export interface ReplicaProcess {
  url: string;
  child: ChildProcess;
}

/**
 * Starts a replica of the server in a process of its own (everything from `env`: DATABASE_URL, PORT, PUBLIC_URL …)
 * and answers once it listens (the replicas test, the replicas bench).
 */
export function startReplica(env: Record<string, string>): Promise<ReplicaProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /LISTENING (\S+)/.exec(out);
      if (m) resolve({ url: m[1]!, child });
    });
    child.on('exit', (code) => reject(new Error(`a replica exited with ${code} before it listened`)));
  });
}

/** Stops replicas (SIGTERM: they drain and close) and waits for them; a killed one is left as it is. */
export async function stopReplicas(replicas: readonly ReplicaProcess[]): Promise<void> {
  await Promise.all(
    replicas.map((r) => {
      if (r.child.exitCode !== null || r.child.signalCode !== null) return undefined;
      return new Promise((resolve) => {
        r.child.once('exit', resolve);
        r.child.kill('SIGTERM');
      });
    }),
  );
}
