import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * The fault suite's ports (one a worker: FAULTS_PORT, a comma-separated list, default 4441,4442) and
 * data folder (FAULTS_DATA_DIR; worker n > 0 adds `-n`), so two runs can share a checkout.
 */
export const FAULTS_PORTS = (process.env.FAULTS_PORT ?? '4441,4442')
  .split(',')
  .map((port) => Number(port.trim()))
  .filter((port) => Number.isInteger(port) && port > 0);
export const FAULTS_PORT = FAULTS_PORTS[0] ?? 4441;
export const FAULTS_DATA_DIR = resolve(process.env.FAULTS_DATA_DIR ?? '.data/faults');

/**
 * The production server (the compiled `dist/.server/main.js` that `npm start` runs, else the sources), started by the
 * suite itself so that a test can stop it and start it again on the same data folder (fault f).
 * Everything it prints is kept in `<data dir>-server.log`; the backend's outbox lines
 * (`[outbox] to <recipient>: <subject>`, backend/src/shared/outbox.ts) also in `<data dir>-outbox.log`,
 * across restarts, so a test counts the mails the backend sent.
 */
export class ShopServer {
  readonly port: number;
  readonly dataDir: string;
  readonly url: string;
  readonly outboxLog: string;
  private readonly serverLog: string;

  /** Worker `index` of the suite gets its own server: the index-th of FAULTS_PORTS (else the next ports), data `<FAULTS_DATA_DIR>-<index>`. */
  constructor(index = 0) {
    this.port = FAULTS_PORTS[index] ?? FAULTS_PORT + index;
    this.dataDir = index === 0 ? FAULTS_DATA_DIR : `${FAULTS_DATA_DIR}-${index}`;
    this.url = `http://127.0.0.1:${this.port}`;
    this.outboxLog = `${this.dataDir}-outbox.log`;
    this.serverLog = `${this.dataDir}-server.log`;
  }
  private child: ChildProcess | null = null;
  /** How many times the server was started (the first start included). */
  starts = 0;
  /** The last restart, while it runs. */
  private restarting: Promise<void> = Promise.resolve();

  /** Wipes the data folder and the logs: a fresh, seeded database on the first start. */
  reset(): void {
    rmSync(this.dataDir, { recursive: true, force: true });
    rmSync(this.outboxLog, { force: true });
    rmSync(this.serverLog, { force: true });
  }

  async start(): Promise<void> {
    if (this.child) return;
    const compiled = resolve(process.env.DIST_DIR ?? 'dist', '.server', 'main.js');
    const child = spawn(process.execPath, existsSync(compiled) ? [compiled] : ['--import', 'tsx', 'server/main.ts'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      // Passwords hashed at scrypt's lowest cost the backend takes: the suite's passwords guard nothing (secure-tokens.ts).
      env: { PASSWORD_HASH_COST: '1024', ...process.env, PORT: String(this.port), DATA_DIR: this.dataDir },
    });
    this.child = child;
    this.starts += 1;
    const ready = new Promise<void>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`the shop server did not start in 120 s (log: ${this.serverLog})`)), 120_000);
      createInterface({ input: child.stdout! }).on('line', (line) => {
        appendFileSync(this.serverLog, `${line}\n`);
        if (line.startsWith('[outbox] ')) appendFileSync(this.outboxLog, `${line}\n`);
        // The server's own lines are JSON (pino): its ready line's message starts so.
        if (line.includes('"msg":"Shop ready at ')) {
          clearTimeout(timer);
          done();
        }
      });
      createInterface({ input: child.stderr! }).on('line', (line) => appendFileSync(this.serverLog, `${line}\n`));
      child.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`the shop server exited with ${code} before it was ready (log: ${this.serverLog})`));
      });
    });
    child.once('exit', () => {
      if (this.child === child) this.child = null;
    });
    await ready;
  }

  /** SIGTERM (the server closes its connections and its database), SIGKILL after 10 s. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }

  async restart(): Promise<void> {
    this.restarting = this.stop().then(() => this.start());
    await this.restarting;
  }

  /** Resolves once a restart under way has finished (at once when none is). */
  async whenUp(): Promise<void> {
    await this.restarting;
  }

  /** The mails the backend queued for `recipient`, across every start. */
  mailsTo(recipient: string): string[] {
    if (!existsSync(this.outboxLog)) return [];
    return readFileSync(this.outboxLog, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith(`[outbox] to ${recipient}: `));
  }
}
