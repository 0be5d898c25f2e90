/**
 * Patient documents (insurance card images, IDs, referrals). An upload is read as multipart with a
 * size limit; its type is recognised from its first bytes (the name and the declared type are not
 * trusted) and must be one of documentContentType; only then is it stored, in the database. Nothing
 * is written for a refused upload. Downloads go only to callers who reach the patient, always as an
 * attachment, never sniffed or cached.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { constants } from '@/generated/constants';
import { enums, type DocumentContentType, type PatientDocumentKind } from '@/generated/enums';
import type { Queryable } from '../db/connection';
import type { ExpressionBuilder } from 'kysely';
import { all, first, qb, sql, type DB, type RowOf } from '../db/typed';
import { message } from '@/domain/messages';
import { isUuid } from '@/domain/ids';
import { isPlainText } from '@/domain/validation/plain-input';
import { AppError } from '../errors';

/** A document as answered (never its bytes). */
const documentColumns = (eb: ExpressionBuilder<DB, 'patient_documents'>) => [
  eb.ref('id').as('id'),
  eb.ref('patient_id').as('patient_id'),
  eb.ref('insurance_id').as('insurance_id'),
  eb.ref('kind').$castTo<PatientDocumentKind>().as('kind'),
  eb.ref('file_name').as('file_name'),
  eb.ref('content_type').$castTo<DocumentContentType>().as('content_type'),
  eb.ref('size_bytes').as('size_bytes'),
  eb.ref('created_at').as('created_at'),
];

export type DocumentRow = RowOf<ReturnType<typeof documentSelect>>;
const documentSelect = () => qb.selectFrom('patient_documents').select(documentColumns);

export function documentOut(row: DocumentRow) {
  return {
    id: row.id,
    patientId: row.patient_id,
    kind: row.kind,
    insuranceId: row.insurance_id,
    fileName: row.file_name,
    contentType: row.content_type,
    sizeBytes: Number(row.size_bytes),
    createdAt: row.created_at.toISOString(),
  };
}

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** The type of a file from its first bytes, or undefined when it is none we accept. */
export function sniffContentType(bytes: Uint8Array): DocumentContentType | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (ascii(0, 5) === '%PDF-') return 'application/pdf';
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(8, 12))) return 'image/heic';
  return undefined;
}

const EXTENSION: Record<DocumentContentType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/heic': 'heic', 'application/pdf': 'pdf' };

/**
 * A file name safe to store and to put in a Content-Disposition header: no path, no control or quote
 * characters, and the extension of the type recognised from the bytes in place of the client's. A file
 * that starts as a PNG but is HTML, uploaded as card.html, is card.png: opened from a download folder it
 * is shown as an image, never run as a page.
 */
export function safeFileName(original: string | undefined, contentType: DocumentContentType): string {
  const base = (original ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ._-]/g, '')
    .replace(/^[ .]+/, '')
    .trim();
  const extension = `.${EXTENSION[contentType]}`;
  // The client's last extension (if any) goes; dots and spaces left at the end would hide the real one.
  const stem = cleaned.replace(/\.[^.]*$/, '').replace(/[ .]+$/, '') || 'document';
  return stem.slice(0, constants.documentFileNameMax - extension.length) + extension;
}

function isKind(value: string | undefined): value is PatientDocumentKind {
  return (enums.patientDocumentKind.values as readonly string[]).includes(value ?? '');
}

function fieldError(field: string, keyword: 'required' | 'enum' | 'format' | 'x-plainText'): AppError {
  const text = keyword === 'x-plainText' ? message('validation.default.plainText', { property: field }) : message(`validation.default.${keyword}`);
  return new AppError('VALIDATION_FAILED', { errors: [{ field, keyword, message: text }] });
}

interface Upload {
  fields: Record<string, string>;
  file?: { bytes: Buffer; fileName: string };
}

/** Reads the multipart body: fields, and the one file part named "file" (at most documentMaxBytes). */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const upload: Upload = { fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        upload.fields[part.fieldname] = String(part.value);
      } else if (part.fieldname === 'file' && !upload.file) {
        upload.file = { bytes: await part.toBuffer(), fileName: part.filename };
      } else {
        // Drain any other file so the request completes; it is not kept.
        part.file.resume();
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('DOCUMENT_TOO_LARGE');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    // Anything else the parser throws (no boundary, a broken part header, a cut-off body) is the request's fault.
    throw new AppError('MALFORMED_REQUEST', { cause: err });
  }
  for (const [name, value] of Object.entries(upload.fields)) if (!isPlainText(value)) throw fieldError(name, 'x-plainText');
  if (upload.file && !isPlainText(upload.file.fileName)) throw fieldError('file', 'x-plainText');
  return upload;
}

export async function storeUploadedDocument(request: FastifyRequest, db: Queryable, patientId: string, uploadedBy: string): Promise<DocumentRow> {
  const upload = await readUpload(request);
  const kind = upload.fields.kind;
  if (!isKind(kind)) throw fieldError('kind', kind === undefined ? 'required' : 'enum');
  const insuranceId = upload.fields.insuranceId || null;
  if (insuranceId !== null) {
    if (!isUuid(insuranceId)) throw fieldError('insuranceId', 'format');
    const insurance = await first(
      db,
      qb
        .selectFrom('patient_insurances')
        .select(sql<number>`1`.as('one'))
        .where('id', '=', insuranceId)
        .where('patient_id', '=', patientId)
        .where('removed_at', 'is', null),
    );
    if (!insurance) throw new AppError('NOT_FOUND');
  }
  if (!upload.file || upload.file.bytes.length === 0) throw new AppError('DOCUMENT_MISSING');
  const contentType = sniffContentType(upload.file.bytes);
  if (!contentType) throw new AppError('DOCUMENT_TYPE_NOT_ALLOWED');
  const { bytes } = upload.file;
  const row = await first(
    db,
    qb
      .insertInto('patient_documents')
      .values({
        patient_id: patientId,
        insurance_id: insuranceId,
        kind,
        file_name: safeFileName(upload.file.fileName, contentType),
        content_type: contentType,
        size_bytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        content: bytes,
        uploaded_by: uploadedBy,
      })
      .returning(documentColumns),
  );
  return row!;
}

export async function documentsOf(db: Queryable, patientId: string, kind?: PatientDocumentKind): Promise<DocumentRow[]> {
  return all(
    db,
    documentSelect()
      .where('patient_id', '=', patientId)
      .$if(kind !== undefined, (q) => q.where('kind', '=', kind!))
      .orderBy('created_at', 'desc')
      .orderBy('id'),
  );
}

export async function sendDocument(reply: FastifyReply, db: Queryable, patientId: string, documentId: string): Promise<FastifyReply> {
  const row = await first(
    db,
    qb
      .selectFrom('patient_documents')
      .select((eb) => ['file_name', eb.ref('content_type').$castTo<DocumentContentType>().as('content_type'), 'content'])
      .where('id', '=', documentId)
      .where('patient_id', '=', patientId),
  );
  if (!row) throw new AppError('NOT_FOUND');
  return (
    reply
      .header('content-type', row.content_type)
      // Named again from the recognised type: a document stored before names followed it keeps the client's extension.
      .header('content-disposition', `attachment; filename="${safeFileName(row.file_name, row.content_type)}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(row.content))
  );
}
