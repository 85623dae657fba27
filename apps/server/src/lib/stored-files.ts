import { Readable, Writable } from 'node:stream';
import type { Db } from '../db/database.ts';

/** Size of one stored chunk: a file is written and read a chunk at a time, never whole in memory. */
export const CHUNK_BYTES = 1_048_576;

export interface StoredFileMeta {
  name: string;
  contentType: string;
  expiresAt: Date;
}

export interface StoredFile {
  id: number;
  bytes: number;
}

/**
 * Stores what `produce` writes to the stream it is given as a file of the database (`stored_files`, 1 MB chunks), so
 * every replica can serve it. The row is `complete` only once everything is in; an incomplete one (a crash on the
 * way) is removed by pruneStoredFiles after its expiry like any other.
 */
export async function writeStoredFile<T>(
  db: Db,
  meta: StoredFileMeta,
  produce: (out: Writable) => Promise<T>,
  /** Told the new file's id before anything is written (a caller that must find it again after a crash). */
  onCreated?: (id: number) => Promise<void>,
): Promise<StoredFile & { result: T }> {
  const row = await db
    .insertInto('stored_files')
    .values({ name: meta.name, content_type: meta.contentType, expires_at: meta.expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  try {
    await onCreated?.(id);
    return await writeChunks(db, id, produce);
  } catch (error) {
    // Failed or stopped on the way: the incomplete file goes at once (a crash leaves it to its expiry).
    await deleteStoredFile(db, id).catch(() => {});
    throw error;
  }
}

/** Removes a stored file and its chunks. */
export async function deleteStoredFile(db: Db, id: number): Promise<void> {
  await db.deleteFrom('stored_files').where('id', '=', id).execute();
}

async function writeChunks<T>(
  db: Db,
  id: number,
  produce: (out: Writable) => Promise<T>,
): Promise<StoredFile & { result: T }> {
  let seq = 0;
  let bytes = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (!pendingBytes) return;
    const data = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await db.insertInto('stored_file_chunks').values({ file_id: id, seq: seq++, data }).execute();
  };
  const out = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      pending.push(buffer);
      pendingBytes += buffer.length;
      bytes += buffer.length;
      if (pendingBytes < CHUNK_BYTES) return callback();
      flush().then(() => callback(), callback);
    },
    final(callback) {
      flush().then(() => callback(), callback);
    },
  });
  const finished = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  // A producer that fails leaves the stream unfinished: its error (a chunk refused) is the producer's to report.
  finished.catch(() => {});
  const result = await produce(out);
  if (!out.writableEnded) out.end();
  await finished;
  await db.updateTable('stored_files').set({ complete: true, bytes }).where('id', '=', id).execute();
  return { id, bytes, result };
}

/** A complete stored file's name, type, size and expiry; undefined when there is none (or it is incomplete). */
export async function storedFileInfo(db: Db, id: number) {
  return db
    .selectFrom('stored_files')
    .select(['id', 'name', 'content_type', 'bytes', 'expires_at'])
    .where('id', '=', id)
    .where('complete', '=', true)
    .executeTakeFirst();
}

/** The file as a stream, one chunk query at a time. */
export function readStoredFile(db: Db, id: number): Readable {
  let seq = 0;
  return new Readable({
    read() {
      db.selectFrom('stored_file_chunks')
        .select('data')
        .where('file_id', '=', id)
        .where('seq', '=', seq++)
        .executeTakeFirst()
        .then(
          (row) => this.push(row ? row.data : null),
          (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
        );
    },
  });
}

/** The whole file in memory (attachments, which are small by rule); throws when it is missing or incomplete. */
export async function readStoredFileBuffer(db: Db, id: number): Promise<Buffer> {
  const info = await storedFileInfo(db, id);
  if (!info) throw new Error(`stored file ${id} is missing or incomplete`);
  const rows = await db
    .selectFrom('stored_file_chunks')
    .select('data')
    .where('file_id', '=', id)
    .orderBy('seq')
    .execute();
  return Buffer.concat(rows.map((r) => r.data));
}

/** Removes files whose expiry has passed (and with them their chunks). Answers how many. */
export async function pruneStoredFiles(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('stored_files').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
