/** A patient's documents: limits, types by their bytes, reach. */
import { constants } from '@/generated/constants';
import { errorCatalogue } from '@/generated/errors';
import { messages } from '@/generated/messages';
import { PDF, PNG, agent, avery, documentCount, jordan, jordanSelf, mia, startPatientsApp, support, t, upload } from './patients-world';

startPatientsApp();

describe('documents', () => {
  it('stores an insurance card image for the owner, lists it and downloads it as an attachment', async () => {
    const res = await upload(jordan, mia, { kind: 'insurance_card_front' }, { name: '../../etc/c<a>rd;.png', type: 'image/png', bytes: PNG });
    expect(res.statusCode).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({ patientId: mia, kind: 'insurance_card_front', contentType: 'image/png', sizeBytes: PNG.length, fileName: 'card.png' });
    const list = await t.app.inject({ method: 'GET', url: `/api/patients/${mia}/documents?kind=insurance_card_front`, headers: jordan.headers });
    expect(list.json().items[0].id).toBe(doc.id);
    const file = await t.app.inject({ method: 'GET', url: `/api/patients/${mia}/documents/${doc.id}/download`, headers: jordan.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe('attachment; filename="card.png"');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('recognises a PDF from its content, whatever its name says', async () => {
    const res = await upload(support, jordanSelf, { kind: 'referral' }, { name: 'referral.txt', type: 'text/plain', bytes: PDF });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ contentType: 'application/pdf', fileName: 'referral.pdf' });
  });

  it('names a stored file by the type its bytes are, never by the extension the client gave', async () => {
    // Starts as a PNG, carries a page with a script: kept as card.html, opening the download would run it.
    const disguised = Buffer.concat([PNG, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const res = await upload(jordan, mia, { kind: 'insurance_card_back' }, { name: 'card.html', type: 'text/html', bytes: disguised });
    expect(res.statusCode).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({ contentType: 'image/png', fileName: 'card.png' });
    const file = await t.app.inject({ method: 'GET', url: `/api/patients/${mia}/documents/${doc.id}/download`, headers: jordan.headers });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe('attachment; filename="card.png"');
    for (const [name, bytes, expected] of [
      ['scan.PDF', PDF, 'scan.pdf'],
      ['photo.jpeg.exe', PNG, 'photo.jpeg.png'],
      ['.html', PNG, 'html.png'],
      ['no extension', PDF, 'no extension.pdf'],
    ] as const) {
      const stored = await upload(jordan, mia, { kind: 'other' }, { name, type: 'application/octet-stream', bytes });
      expect(stored.json().fileName).toBe(expected);
    }
  });

  it("downloads a document stored under the client's extension (before names followed the type) under the type's", async () => {
    const doc = (await upload(jordan, mia, { kind: 'other' }, { name: 'old.png', type: 'image/png', bytes: PNG })).json();
    await t.db.database.query("UPDATE patient_documents SET file_name = 'old.html' WHERE id = $1", [doc.id]);
    const file = await t.app.inject({ method: 'GET', url: `/api/patients/${mia}/documents/${doc.id}/download`, headers: jordan.headers });
    expect(file.headers['content-disposition']).toBe('attachment; filename="old.png"');
  });

  it('never serves a document to another account, nor through another patient', async () => {
    const doc = (await upload(jordan, jordanSelf, { kind: 'photo_id' }, { name: 'id.png', type: 'image/png', bytes: PNG })).json();
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/${jordanSelf}/documents/${doc.id}/download`, headers: avery.headers })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/${mia}/documents/${doc.id}/download`, headers: jordan.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/${jordanSelf}/documents`, headers: agent.headers })).statusCode).toBe(404);
    expect((await upload(avery, jordanSelf, { kind: 'photo_id' }, { name: 'id.png', type: 'image/png', bytes: PNG })).statusCode).toBe(404);
  });

  it('refuses a file too large, storing nothing', async () => {
    const before = await documentCount();
    const big = Buffer.concat([PNG, Buffer.alloc(constants.documentMaxBytes)]);
    const res = await upload(jordan, mia, { kind: 'other' }, { name: 'big.png', type: 'image/png', bytes: big });
    expect(res.statusCode).toBe(errorCatalogue.DOCUMENT_TOO_LARGE.status);
    expect(res.json()).toMatchObject({ errorCode: 'DOCUMENT_TOO_LARGE', description: errorCatalogue.DOCUMENT_TOO_LARGE.message });
    expect(await documentCount()).toBe(before);
  });

  it('refuses a type not allowed (even named .png), storing nothing', async () => {
    const before = await documentCount();
    const res = await upload(jordan, mia, { kind: 'other' }, { name: 'virus.png', type: 'image/png', bytes: Buffer.from('MZ\x90\x00 not an image') });
    expect(res.statusCode).toBe(errorCatalogue.DOCUMENT_TYPE_NOT_ALLOWED.status);
    expect(res.json()).toMatchObject({ errorCode: 'DOCUMENT_TYPE_NOT_ALLOWED', description: errorCatalogue.DOCUMENT_TYPE_NOT_ALLOWED.message });
    expect(await documentCount()).toBe(before);
  });

  it('refuses a missing file, a missing or unknown kind, and a body that is not multipart', async () => {
    expect((await upload(jordan, mia, { kind: 'other' })).json().errorCode).toBe('DOCUMENT_MISSING');
    const noKind = await upload(jordan, mia, {}, { name: 'a.png', type: 'image/png', bytes: PNG });
    expect(noKind.statusCode).toBe(400);
    expect(noKind.json().errors[0]).toMatchObject({ field: 'kind', reason: messages['validation.default.required'] });
    expect((await upload(jordan, mia, { kind: 'selfie' }, { name: 'a.png', type: 'image/png', bytes: PNG })).json().errors[0].field).toBe('kind');
    const json = await t.app.inject({ method: 'POST', url: `/api/patients/${mia}/documents`, headers: jordan.headers, payload: { kind: 'other' } });
    expect(json.statusCode).toBe(errorCatalogue.UNSUPPORTED_MEDIA_TYPE.status);
  });
});
