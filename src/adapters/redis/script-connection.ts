/**
 * A second connection to a standalone Redis that carries only the credit scripts (EVALSHA, and EVAL
 * on NOSCRIPT) and the replica WAIT that confirms them, written and read by this module instead of
 * ioredis: ioredis's command, auto-pipeline and reply layers cost ~12 µs of CPU per EVALSHA against
 * ~5 µs here (50 calls in flight), 3–6 % of a paid call's whole CPU (docs/rest.md, "Throughput").
 *
 * It keeps the store's fault behaviour (client.ts): commands queued in one event-loop turn leave in
 * one write; a command in flight when the connection drops fails as an outage and is never sent
 * again (a re-sent charge could be a second charge); while it is not connected, callers use ioredis
 * instead (`ready`), which fails at once if Redis is down too; it reconnects on its own with the
 * same back-off, and is ready only once Redis has answered its handshake (AUTH, SELECT, PING). The
 * store's deadline (credit-store.ts `guard`) bounds every call either way, and closing it too.
 *
 * Used only where it is the same as ioredis's connection: a standalone Redis over plain TCP, no
 * Sentinel, no TLS, no Unix socket (`forClient` says when). A replica WAIT confirms the writes of the
 * connection that sends it, so a charge made here is confirmed by a WAIT sent here, on the same
 * connection (`session`): once that connection is gone, its charges can no longer be confirmed.
 */
import { Redis, type Cluster } from 'ioredis';
import { createConnection, type Socket } from 'node:net';
import { encodeCommand, ProtocolError, ReplyError, ReplyReader } from './resp.ts';

interface Waiter {
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
}

export interface ScriptConnectionAddress {
  readonly host: string;
  readonly port: number;
  readonly username?: string | undefined;
  readonly password?: string | undefined;
  readonly db?: number | undefined;
  /** 4 or 6 as the URL asks (ioredis's `family`); otherwise either. */
  readonly family?: number | undefined;
}

export interface ScriptConnectionOptions {
  /** A connection attempt that takes longer is abandoned and tried again. */
  readonly connectTimeoutMs: number;
  /** Connection errors (they repeat while Redis is down). */
  readonly onError?: ((error: Error) => void) | undefined;
}

/** The back-off ioredis uses for the store's client (client.ts): 50 ms more per attempt, at most 500 ms. */
const reconnectDelayMs = (attempt: number): number => Math.min(50 * attempt, 500);

export class ScriptConnection {
  private socket: Socket | null = null;
  private connected = false;
  /** One token per connection that completed its handshake (see `session`). */
  private token: object | null = null;
  private closing = false;
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | undefined = undefined;
  /** Replies awaited, oldest first: `head` is the next one's index (shifting an array per reply is O(n)). */
  private waiters: (Waiter | undefined)[] = [];
  private head = 0;
  /** Commands of this turn not written yet. */
  private queued: string[] = [];
  private flushScheduled = false;
  private readonly reader = new ReplyReader();
  private readonly address: ScriptConnectionAddress;
  private readonly options: ScriptConnectionOptions;

  constructor(address: ScriptConnectionAddress, options: ScriptConnectionOptions) {
    this.address = address;
    this.options = options;
    this.connect();
  }

  /**
   * A script connection beside `client` when it would be the same as ioredis's (see above), else null.
   * ioredis has parsed the URL into `client.options` already.
   */
  static forClient(client: Redis | Cluster, options: ScriptConnectionOptions): ScriptConnection | null {
    if (!(client instanceof Redis)) return null;
    const { host, port, username, password, db, family, tls, path, sentinels } = client.options;
    if (tls !== undefined || (path !== undefined && path !== null) || (sentinels !== undefined && sentinels !== null)) return null;
    if (typeof host !== 'string' || typeof port !== 'number') return null;
    const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
    return new ScriptConnection(
      {
        host,
        port,
        username: text(username),
        password: text(password),
        db: typeof db === 'number' ? db : undefined,
        family: family === 4 || family === 6 ? family : undefined,
      },
      options,
    );
  }

  /** Connected, its handshake answered: calls may go here; otherwise they go to ioredis. */
  get ready(): boolean {
    return this.connected && !this.closing;
  }

  /**
   * The current connection while ready, else null: a command sent now goes over it, and a WAIT
   * given the same token (`wait`) confirms that command's writes, or fails if the connection changed.
   */
  get session(): object | null {
    return this.ready ? this.token : null;
  }

  /** EVALSHA, sent with the rest of this turn's commands. */
  evalsha(sha: string, numberOfKeys: number, args: readonly (string | number)[]): Promise<unknown> {
    if (!this.ready) return Promise.reject(new Error('The script connection is not connected.'));
    return this.send(encodeCommand(['EVALSHA', sha, numberOfKeys, ...args]));
  }

  /**
   * UNLINK, written to the socket now, with whatever else this turn queued (their order kept): the
   * settlement of a charge whose answer is about to be written leaves before the answer does, so a
   * gateway killed right after its answer has handed the settlement to the kernel already, which
   * delivers it though the process is gone (docs/credits.md, "A gateway that dies").
   */
  unlinkNow(keys: readonly string[]): Promise<unknown> {
    if (!this.ready) return Promise.reject(new Error('The script connection is not connected.'));
    const sent = this.send(encodeCommand(['UNLINK', ...keys]));
    this.flush();
    return sent;
  }

  /**
   * A script by its SHA-1, and on NOSCRIPT (it did not run) by its source, both over the connection
   * current when it was asked: its writes are then that connection's, which the replica WAIT of
   * `session` confirms. If the connection changed in between, the source is not sent (an outage).
   */
  async script(sha: string, lua: string, numberOfKeys: number, args: readonly (string | number)[]): Promise<unknown> {
    const session = this.session;
    try {
      return await this.evalsha(sha, numberOfKeys, args);
    } catch (error) {
      if (!(error instanceof ReplyError && error.message.startsWith('NOSCRIPT'))) throw error;
      if (this.session !== session) throw new Error('Connection is closed.', { cause: error });
      return this.send(encodeCommand(['EVAL', lua, numberOfKeys, ...args]));
    }
  }

  /**
   * WAIT: the replicas that have acknowledged every write sent over the connection `session` names
   * (group commit: replica-wait.ts). Fails as an outage when that connection is no longer the current one.
   */
  wait(replicas: number, timeoutMs: number, session: object): Promise<number> {
    if (this.session !== session) return Promise.reject(new Error('Connection is closed.'));
    return this.send(encodeCommand(['WAIT', replicas, timeoutMs])) as Promise<number>;
  }

  /**
   * Lets what was sent be answered for up to `graceMs` (a stalled Redis never answers), then cuts
   * the connection; no reconnection after.
   */
  close(graceMs: number): Promise<void> {
    this.closing = true;
    clearTimeout(this.reconnectTimer);
    const socket = this.socket;
    if (socket === null) return Promise.resolve();
    this.flush();
    return new Promise((resolve) => {
      const cut = setTimeout(() => socket.destroy(), graceMs);
      socket.once('close', () => {
        clearTimeout(cut);
        resolve();
      });
      socket.end();
    });
  }

  private send(command: string): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.queued.push(command);
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(this.flush);
      }
    });
  }

  private readonly flush = (): void => {
    this.flushScheduled = false;
    if (this.queued.length === 0 || this.socket === null) return;
    const text = this.queued.length === 1 ? this.queued[0]! : this.queued.join('');
    this.queued = [];
    this.socket.write(text, 'utf8');
  };

  private connect(): void {
    const { host, port, family } = this.address;
    const socket = createConnection({ host, port, noDelay: true, keepAlive: true, ...(family === undefined ? {} : { family }) });
    this.socket = socket;
    const connectTimer = setTimeout(
      () => socket.destroy(new Error(`connecting to ${host}:${port} took longer than ${this.options.connectTimeoutMs} ms`)),
      this.options.connectTimeoutMs,
    );
    // The timer runs until the handshake is answered: a Redis that takes the connection but never answers is left too.
    socket.once('connect', () => void this.handshake(socket).finally(() => clearTimeout(connectTimer)));
    socket.on('data', (chunk: Buffer) => this.onData(socket, chunk));
    socket.on('error', (error: Error) => this.options.onError?.(error));
    socket.once('close', () => {
      clearTimeout(connectTimer);
      this.onClose(socket);
    });
  }

  /**
   * AUTH and SELECT as the URL asks, then PING: a server that takes the connection only to refuse it
   * (`maxclients`, protected mode) answers an error here, and the connection is dropped and tried
   * again after the back-off, never marked ready.
   */
  private async handshake(socket: Socket): Promise<void> {
    const { username, password, db } = this.address;
    try {
      if (typeof password === 'string' && password !== '')
        await this.send(encodeCommand(typeof username === 'string' && username !== '' ? ['AUTH', username, password] : ['AUTH', password]));
      if (db !== undefined && db !== 0) await this.send(encodeCommand(['SELECT', db]));
      await this.send(encodeCommand(['PING']));
    } catch (error) {
      if (error instanceof Error) this.options.onError?.(error);
      socket.destroy();
      return;
    }
    if (this.socket !== socket || socket.destroyed) return;
    this.token = {};
    this.connected = true;
    this.attempt = 0;
  }

  private onData(socket: Socket, chunk: Buffer): void {
    let replies: unknown[];
    try {
      replies = this.reader.read(chunk);
    } catch (error) {
      this.options.onError?.(error as Error);
      socket.destroy();
      return;
    }
    for (const reply of replies) {
      const waiter = this.waiters[this.head];
      if (waiter === undefined) {
        this.options.onError?.(new ProtocolError('a reply came that no command asked for'));
        socket.destroy();
        return;
      }
      this.waiters[this.head++] = undefined;
      if (reply instanceof ReplyError) waiter.reject(reply);
      else waiter.resolve(reply);
    }
    if (this.head === this.waiters.length) {
      this.waiters = [];
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.waiters.length) {
      this.waiters = this.waiters.slice(this.head);
      this.head = 0;
    }
  }

  /** Everything in flight or queued fails as an outage (never re-sent); then, unless closing, a reconnection. */
  private onClose(socket: Socket): void {
    if (this.socket !== socket) return;
    this.socket = null;
    this.connected = false;
    this.token = null;
    this.reader.reset();
    this.queued = [];
    const waiters = this.waiters.slice(this.head);
    this.waiters = [];
    this.head = 0;
    const closed = new Error('Connection is closed.');
    for (const waiter of waiters) waiter?.reject(closed);
    if (this.closing) return;
    // As ioredis counts: 50 ms after a drop, 50 ms more per failed attempt since the last handshake.
    this.reconnectTimer = setTimeout(() => this.connect(), reconnectDelayMs(++this.attempt));
  }
}
