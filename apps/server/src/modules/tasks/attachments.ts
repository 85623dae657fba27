import { createHash } from 'node:crypto';
import {
  TASK_ATTACHMENT_MAX_BYTES,
  TASK_ATTACHMENT_NAME_MAX_LENGTH,
  TASK_ATTACHMENTS_MAX,
  type TaskAttachment,
  type TaskAttachmentList,
  type TaskAttachmentType,
  type TaskAttachmentUpload,
} from '@lbs/contracts';
import type { Db, Executor } from '../../db/database.ts';
import { actorOf, audit } from '../../events/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { iso } from '../../lib/listing.ts';
import { authorize, type Caller } from '../../access/caller.ts';
import { conflictOn, invalidField } from '../../access/problems.ts';
import { roleMay } from '../../access/policies/policy.ts';
import { scoped } from '../../access/scoped.ts';
import { poiAllows } from '../../access/scope.ts';
import { writeTransaction } from '../../access/writes.ts';

/**
 * Task attachments, kept in the database: the type is what the bytes show (PDF, PNG, JPEG, WebP, GIF, or UTF-8
 * text/CSV), never the name or the sender's claim; the name loses any path and control characters; a download is
 * served only to a caller who sees the task, as an attachment that the browser must not sniff.
 */

const startsWith = (b: Buffer, ...bytes: number[]) => bytes.every((x, i) => b[i] === x);

/** A control character other than tab, line feed, form feed and carriage return (text files have none). */
const isControl = (c: string) => {
  const code = c.charCodeAt(0);
  return (code < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d].includes(code)) || code === 0x7f;
};
/** A character a file name must not carry: control characters and those that break paths and headers. */
const isUnsafeInName = (c: string) =>
  c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || '"<>:|?*'.includes(c);

/** The type the content shows, or null when it is none of the allowed ones. */
export function sniffType(data: Buffer, fileName: string): TaskAttachmentType | null {
  if (startsWith(data, 0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  if (startsWith(data, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (startsWith(data, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (startsWith(data, 0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (
    data.length >= 12 &&
    data.toString('latin1', 0, 4) === 'RIFF' &&
    data.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  // Text: valid UTF-8 without NUL or other control characters than tab, line feed, carriage return, form feed.
  const text = data.toString('utf8');
  if (Buffer.byteLength(text) !== data.length || text.includes('\uFFFD')) return null;
  if ([...text].some(isControl)) return null;
  return /\.csv$/i.test(fileName) ? 'text/csv' : 'text/plain';
}

/** The last path segment without control characters or characters that break a header: "../../x.pdf" → "x.pdf". */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base
    .split('')
    .filter((c) => !isUnsafeInName(c))
    .join('')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, TASK_ATTACHMENT_NAME_MAX_LENGTH);
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987): Arabic names survive. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7E]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

interface AttachmentRow {
  id: number;
  task_id: number;
  file_name: string;
  content_type: TaskAttachmentType;
  size_bytes: number;
  uploaded_by: string | null;
  created_at: Date;
}

export function taskAttachments({ db }: { db: Db }) {
  const toAttachment = (r: AttachmentRow, manages: boolean): TaskAttachment => ({
    id: r.id,
    taskId: r.task_id,
    fileName: r.file_name,
    contentType: r.content_type,
    sizeBytes: r.size_bytes,
    uploadedBy: r.uploaded_by,
    createdAt: iso(r.created_at),
    abilities: { delete: manages },
  });
  /**
   * The task the caller sees (reads) or may change (attaching and removing are edits of the task, like its form),
   * 404 otherwise; locked when it is about to change.
   */
  const taskIn = (exec: Executor, caller: Caller, id: number, purpose: 'see' | 'manage') =>
    scoped(exec, caller.scope)
      .tasks(purpose)
      .select(['tasks.id', 'tasks.company_id', 'tasks.department_id', 'tasks.zone_id'])
      .where('tasks.id', '=', id);
  const columns = [
    'id',
    'task_id',
    'file_name',
    'content_type',
    'size_bytes',
    'uploaded_by',
    'created_at',
  ] as const;

  async function list(caller: Caller, taskId: number): Promise<TaskAttachmentList> {
    authorize(caller, 'task', 'read');
    const task = await taskIn(db, caller, taskId, 'see').executeTakeFirst();
    if (!task) throw notFound('The task');
    const manages =
      roleMay(caller, 'task', 'update') &&
      poiAllows(caller.scope, 'manage', {
        companyId: task.company_id,
        departmentId: task.department_id,
        zoneId: task.zone_id,
      });
    const rows = await db
      .selectFrom('task_attachments')
      .select(columns)
      .where('task_id', '=', taskId)
      .orderBy('id')
      .execute();
    return { items: rows.map((r) => toAttachment(r, manages)) };
  }

  async function upload(caller: Caller, taskId: number, body: TaskAttachmentUpload): Promise<TaskAttachment> {
    authorize(caller, 'task', 'update');
    const data = Buffer.from(body.content, 'base64');
    if (!data.length) throw invalidField('content', 'taskAttachment.empty');
    if (data.length > TASK_ATTACHMENT_MAX_BYTES) throw invalidField('content', 'taskAttachment.tooLarge');
    const fileName = cleanFileName(body.fileName);
    if (!fileName) throw invalidField('fileName', 'validation.invalid');
    const type = sniffType(data, fileName);
    if (!type) throw invalidField('content', 'taskAttachment.typeNotAllowed');
    const id = await writeTransaction(db, async (trx) => {
      const task = await taskIn(trx, caller, taskId, 'manage').forUpdate().executeTakeFirst();
      if (!task) throw notFound('The task');
      const held = await trx
        .selectFrom('task_attachments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('task_id', '=', taskId)
        .executeTakeFirstOrThrow();
      if (Number(held.n) >= TASK_ATTACHMENTS_MAX) throw conflictOn('taskAttachment.limitReached');
      const row = await trx
        .insertInto('task_attachments')
        .values({
          task_id: taskId,
          company_id: task.company_id,
          file_name: fileName,
          content_type: type,
          size_bytes: data.length,
          sha256: createHash('sha256').update(data).digest('hex'),
          data,
          uploaded_by: caller.user.username,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(trx, actorOf(caller), {
        action: 'taskAttachment.create',
        entity: 'task',
        entityId: taskId,
        companyId: task.company_id,
        detail: { attachmentId: row.id, fileName, contentType: type, sizeBytes: data.length },
      });
      return row.id;
    });
    const row = await db
      .selectFrom('task_attachments')
      .select(columns)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return toAttachment(row, true);
  }

  async function download(caller: Caller, taskId: number, attachmentId: number) {
    authorize(caller, 'task', 'read');
    if (!(await taskIn(db, caller, taskId, 'see').executeTakeFirst())) throw notFound('The attachment');
    const row = await db
      .selectFrom('task_attachments')
      .select(['file_name', 'content_type', 'data'])
      .where('task_id', '=', taskId)
      .where('id', '=', attachmentId)
      .executeTakeFirst();
    if (!row) throw notFound('The attachment');
    return { fileName: row.file_name, contentType: row.content_type, data: row.data };
  }

  async function remove(caller: Caller, taskId: number, attachmentId: number): Promise<void> {
    authorize(caller, 'task', 'update');
    await writeTransaction(db, async (trx) => {
      const task = await taskIn(trx, caller, taskId, 'manage').forUpdate().executeTakeFirst();
      if (!task) throw notFound('The attachment');
      const gone = await trx
        .deleteFrom('task_attachments')
        .where('task_id', '=', taskId)
        .where('id', '=', attachmentId)
        .returning(['file_name'])
        .executeTakeFirst();
      if (!gone) throw notFound('The attachment');
      await audit(trx, actorOf(caller), {
        action: 'taskAttachment.delete',
        entity: 'task',
        entityId: taskId,
        companyId: task.company_id,
        detail: { attachmentId, fileName: gone.file_name },
      });
    });
  }

  return { list, upload, download, remove };
}

export type TaskAttachments = ReturnType<typeof taskAttachments>;
