/** The server as a separate process, started the way a test needs it, with its output kept. */
import { spawn, type ChildProcess } from 'node:child_process';
import { REPO_ROOT } from './run-cli.ts';
import { budgetMs } from './time-budget.ts';

export interface ServerProcess {
  readonly child: ChildProcess;
  /** The port it listens on, read from its start-up line (start it with PORT=0). */
  readonly port: number;
  readonly stdout: string[];
  readonly stderr: string[];
}

/** Runs `command args` in the repository and resolves once it prints `listening on http://127.0.0.1:<port>`. */
export function startServerProcess(command: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const child = spawn(command, args, { cwd: REPO_ROOT, env: { ...process.env, PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const stdout: string[] = [];
  const stderr: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${stdout.join('')}${stderr.join('')}`)), budgetMs(30_000));
    const onEarlyExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before listening:\n${stdout.join('')}${stderr.join('')}`));
    };
    child.once('exit', onEarlyExit);
    let listening = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout.push(chunk.toString());
      if (listening) return;
      const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(stdout.join(''));
      if (match === null) return;
      listening = true;
      clearTimeout(timer);
      child.off('exit', onEarlyExit);
      resolve({ child, port: Number(match[1]), stdout, stderr });
    });
  });
}

/** Whether a process with this pid still exists. */
export const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
