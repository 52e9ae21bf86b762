import type { PGlite } from "@electric-sql/pglite";

type TItem = {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
};

const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'

/** A message after which the session may serve another connection (outside a transaction). */
const endsSequence = (message: Uint8Array) => {
  const type = message[0];
  // Startup and SSL requests have no type byte: they begin with a length, whose top byte is 0.
  return type === SYNC || type === QUERY || type === TERMINATE || type === 0;
};

/**
 * Replaces pglite-socket's query queue, which hands the one PGlite session to whichever
 * connection has a message waiting and keeps it only inside a transaction. postgres.js speaks
 * the extended protocol (Parse, Bind, Execute, Sync), whose unnamed statement and portal live in
 * the session: interleaving two connections' sequences makes one bind the other's statement
 * ("portal does not exist"). Here a connection keeps the session from its first message until
 * its Sync (or simple Query) completes outside a transaction.
 */
export class ProtocolSequenceQueue {
  private queue: TItem[] = [];
  private owner: number | null = null;
  private processing = false;

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: TItem["onData"]): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.queue = this.queue.filter((item) => {
      if (item.handlerId !== handlerId) return true;
      item.reject(new Error("Handler disconnected"));
      return false;
    });
  }

  /** A connection that went away mid-sequence must not keep the session. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    if (this.db.isInTransaction()) await this.db.exec("ROLLBACK");
    this.owner = null;
    await this.process();
  }

  private next(): TItem | undefined {
    const index =
      this.owner === null ? 0 : this.queue.findIndex((item) => item.handlerId === this.owner);
    return index === -1 ? undefined : this.queue.splice(index, 1)[0];
  }

  private async process(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      for (let item = this.next(); item; item = this.next()) {
        const current = item;
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(current.message, {
              onRawData: (data) => {
                bytes += data.length;
                current.onData(data);
              },
            }),
          );
        } catch (error) {
          this.owner = null;
          current.reject(error);
          continue;
        }
        this.owner =
          endsSequence(current.message) && !this.db.isInTransaction() ? null : current.handlerId;
        current.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  }
}
