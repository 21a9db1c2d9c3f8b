/**
 * PGlite on a loopback socket, for the owning process's own `pg`/slonik connections.
 *
 * PGlite is ONE PostgreSQL session, while a pool opens several connections. If their messages
 * were simply fed to the session in arrival order, one connection's statements would land inside
 * another's transaction, and the extended protocol's unnamed statement of one (Parse, Bind,
 * Execute, Sync arrive as separate messages) would be replaced by another's between its Parse and
 * its Bind. So the session is lent to one connection at a time: from the first message of a query
 * cycle until PGlite answers ReadyForQuery with the status "idle" (not in a transaction). Every
 * transaction, and every statement outside one, therefore runs alone, one after another, which
 * is serial execution; the other connections' messages wait in a first-come queue. A connection
 * that goes away in the middle of a cycle has its cycle finished (Sync) and its transaction
 * rolled back before the next one gets the session.
 *
 * A connection that keeps a transaction open without sending anything for
 * `idleInTransactionMs` while others wait is cut off (its transaction rolled back), as
 * PostgreSQL's idle_in_transaction_session_timeout would: code that waited inside a transaction
 * for another connection of the same pool would otherwise stop the database silently.
 *
 * Only this process can connect: each start draws a random password that the server asks for
 * (cleartext is fine on loopback) and that exists only in this process's memory. Other
 * processes never share the session: they hand their commands to the owner (operator endpoint).
 */
import net from 'node:net';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';

const PROTOCOL_3 = 196_608;
const SSL_REQUEST = 80_877_103;
const GSSENC_REQUEST = 80_877_104;

/** Sync: ends an extended-protocol cycle (the answer is ReadyForQuery). */
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);
const AUTHENTICATION_CLEARTEXT = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]);

function simpleQuery(text: string): Buffer {
  const body = Buffer.from(`${text}\0`, 'utf8');
  const header = Buffer.alloc(5);
  header.write('Q', 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

function fatalError(code: string, message: string): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`, 'utf8');
  const header = Buffer.alloc(5);
  header.write('E', 0, 'latin1');
  header.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([header, fields]);
}

/** The transaction status of the answer's final ReadyForQuery ('I', 'T' or 'E'); undefined when the answer does not end a cycle. */
export function readyStatus(answer: Uint8Array): string | undefined {
  const view = Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength);
  let offset = 0;
  let last = -1;
  while (offset + 5 <= view.length) {
    last = offset;
    offset += 1 + view.readInt32BE(offset + 1);
  }
  if (last < 0 || offset !== view.length || view[last] !== 0x5a || view.readInt32BE(last + 1) !== 5) return undefined;
  return String.fromCharCode(view[last + 5]!);
}

const digest = (value: string) => createHash('sha256').update(value).digest();

interface Connection {
  socket: net.Socket;
  buffer: Buffer;
  phase: 'startup' | 'password' | 'ready' | 'closed';
  startup?: Buffer;
  /** Whole messages received and not yet given to PGlite. */
  pending: Buffer[];
  /** Between the first message of a query cycle and its idle ReadyForQuery: the session is this connection's. */
  cycleOpen: boolean;
}

export class SessionServer {
  readonly password = randomBytes(24).toString('base64url');
  private readonly server = net.createServer((socket) => this.accept(socket));
  private readonly connections = new Set<Connection>();
  private readonly waiting: Connection[] = [];
  private holder: Connection | undefined;
  private driving: Promise<void> | undefined;
  private port = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: PGlite,
    private readonly idleInTransactionMs = 60_000,
  ) {}

  async start(): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.address() as net.AddressInfo).port;
    return `postgres://postgres:${this.password}@127.0.0.1:${this.port}/postgres`;
  }

  /** Closes every connection (a cycle in progress is finished and rolled back) and stops listening. */
  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const connection of this.connections) connection.socket.destroy();
    await closed;
    // The connections' close events run the queue once more: wait until it has rolled back what they left open.
    await new Promise((r) => setImmediate(r));
    while (this.driving) await this.driving;
  }

  private accept(socket: net.Socket): void {
    const connection: Connection = { socket, buffer: Buffer.alloc(0), phase: 'startup', pending: [], cycleOpen: false };
    this.connections.add(connection);
    socket.setNoDelay(true);
    socket.on('data', (chunk) => this.receive(connection, chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      connection.phase = 'closed';
      connection.pending = [];
      this.connections.delete(connection);
      if (connection === this.holder) this.drive();
    });
  }

  private receive(connection: Connection, chunk: Buffer): void {
    connection.buffer = connection.buffer.length ? Buffer.concat([connection.buffer, chunk]) : chunk;
    for (;;) {
      const { buffer } = connection;
      if (connection.phase === 'closed') return;
      if (connection.phase === 'startup') {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (length < 8 || length > 10_000) return void connection.socket.destroy();
        if (buffer.length < length) return;
        const code = buffer.readInt32BE(4);
        const message = buffer.subarray(0, length);
        connection.buffer = buffer.subarray(length);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) connection.socket.write('N');
        else if (code === PROTOCOL_3) {
          connection.startup = Buffer.from(message);
          connection.phase = 'password';
          connection.socket.write(AUTHENTICATION_CLEARTEXT);
        } else return void connection.socket.destroy(); // CancelRequest (nothing runs long enough to cancel) and unknown versions
        continue;
      }
      if (buffer.length < 5) return;
      const length = buffer.readInt32BE(1);
      if (length < 4) return void connection.socket.destroy();
      if (buffer.length < length + 1) return;
      const message = Buffer.from(buffer.subarray(0, length + 1));
      connection.buffer = buffer.subarray(length + 1);
      const type = String.fromCharCode(message[0]!);
      if (connection.phase === 'password') {
        const given = message.subarray(5, message.length - 1).toString('utf8');
        if (type !== 'p' || !timingSafeEqual(digest(given), digest(this.password))) {
          connection.socket.end(fatalError('28P01', 'password authentication failed'));
          connection.phase = 'closed';
          return;
        }
        connection.phase = 'ready';
        // PGlite answers the startup message with AuthenticationOk, the parameters and ReadyForQuery.
        this.enqueue(connection, connection.startup!);
        continue;
      }
      if (type === 'X') return void connection.socket.end(); // Terminate: the close event does the rest
      this.enqueue(connection, message);
    }
  }

  private enqueue(connection: Connection, message: Buffer): void {
    connection.pending.push(message);
    if (connection !== this.holder && !this.waiting.includes(connection)) this.waiting.push(connection);
    this.drive();
  }

  private drive(): void {
    if (this.driving) return;
    this.driving = this.run().finally(() => {
      this.driving = undefined;
    });
  }

  /** Gives the session to one connection at a time (see the file's comment); returns when nobody has work for it. */
  private async run(): Promise<void> {
    clearTimeout(this.idleTimer);
    for (;;) {
      if (!this.holder) {
        this.holder = this.waiting.shift();
        if (!this.holder) return;
      }
      const connection = this.holder;
      if (connection.phase === 'closed') {
        if (connection.cycleOpen) await this.abandonCycle();
        this.holder = undefined;
        continue;
      }
      const message = connection.pending.shift();
      if (!message) {
        if (connection.cycleOpen) {
          // Its next message resumes the queue; unless it never comes while others wait.
          this.idleTimer = setTimeout(() => {
            if (this.holder === connection && !connection.pending.length && this.waiting.length) connection.socket.destroy();
          }, this.idleInTransactionMs);
          this.idleTimer.unref();
          return;
        }
        this.holder = undefined;
        continue;
      }
      let answer: Buffer;
      try {
        answer = Buffer.from(await this.db.runExclusive(() => this.db.execProtocolRaw(message)));
      } catch {
        connection.socket.destroy();
        connection.phase = 'closed';
        connection.cycleOpen = true; // roll back whatever it had started
        continue;
      }
      connection.cycleOpen = readyStatus(answer) !== 'I';
      if (!connection.socket.destroyed) connection.socket.write(answer);
      if (!connection.cycleOpen) {
        // Its turn is over: others that waited go first.
        this.holder = undefined;
        if (connection.pending.length) this.waiting.push(connection);
      }
    }
  }

  /** The holder left in the middle of a cycle: end the cycle and roll back its transaction. */
  private async abandonCycle(): Promise<void> {
    try {
      const answer = await this.db.runExclusive(() => this.db.execProtocolRaw(SYNC));
      if (readyStatus(answer) !== 'I') await this.db.runExclusive(() => this.db.execProtocolRaw(simpleQuery('ROLLBACK')));
    } catch {
      // PGlite itself failed; the next statement will tell.
    }
  }
}
