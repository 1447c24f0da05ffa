import { loadFixtures } from '@toll/testing';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { BadFile, caseFiles, type CaseFile } from './daily-file';

const zipOf = (fixtureCase: string) =>
  Buffer.from(
    String(loadFixtures(join(__dirname, '../test/fixtures/odp')).find((f) => f.case === fixtureCase)!.response.body),
    'base64',
  );

// A one-entry ZIP with the entry stored (not deflated), to build odd documents by hand.
function storedZip(name: string, text: string): Buffer {
  const data = Buffer.from(text, 'utf8');
  const file = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt32LE(crc32(data), 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(file.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt32LE(crc32(data), 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(file.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + file.length, 12);
  end.writeUInt32LE(30 + file.length + data.length, 16);
  return Buffer.concat([local, file, data, central, file, end]);
}

const DOC = (cases: string) =>
  `<?xml ` +
  `version="1.0"?><trademark-applications-daily><application-information><file-segments><action-keys>${cases}</` +
  `action-keys></file-segments></application-information></trademark-applications-daily>`;
const CASE = (serial: string, tx = '20261123') =>
  `<case-file><serial-number>${serial}</serial-number><registration-number>0000000</registration-number>` +
  `<transaction-date>${tx}</transaction-date>` +
  `<case-file-header><filing-date>20261120</filing-date><mark-identification>ACME &amp; ` +
  `CO</mark-identification></case-file-header></case-file>`;

async function read(zip: Buffer): Promise<CaseFile[]> {
  const out: CaseFile[] = [];
  for await (const batch of caseFiles(zip)) out.push(...batch);
  return out;
}

describe('daily applications file', () => {
  it('reads every case file of a real-layout daily file', async () => {
    const cases = await read(zipOf('file-apc261122'));
    expect(cases.map((c) => [c.serial, c.markText, c.classes])).toEqual([
      ['76044902', 'PYTHON', [9, 42]],
      ['99100001', 'PYTHONISTA', [41]],
      ['99100002', 'PITHON', [9]],
      ['99100003', 'PYTON', [9]],
      ['99100004', 'PYTHON', [25]],
      ['99100005', 'FOTON', [9]],
      ['99100006', null, [9]],
    ]);
    expect(cases[0]).toMatchObject({
      registrationNumber: '2824281',
      transactionDate: '2026-11-22',
      filingDate: '2000-05-09',
      registrationDate: '2004-03-23',
      owner: 'PYTHON SOFTWARE FOUNDATION',
    });
    expect((await read(storedZip('x.xml', DOC(CASE('97000001')))))[0]).toMatchObject({
      markText: 'ACME & CO',
      registrationNumber: null,
      registrationDate: null,
    });
  });

  it.each([
    [
      'bytes that are not a ZIP',
      Buffer.from('<html>Service Unavailable</html>'),
      'not a ZIP archive (no end-of-central-directory record)',
    ],
    ['a ZIP without an XML document', storedZip('readme.txt', 'hello'), 'the ZIP archive holds no XML document'],
    [
      'another XML document',
      storedZip('x.xml', `<?xml version="1.0"?><html>${' '.repeat(5_000)}</html>`),
      'not a trademark-applications-daily document',
    ],
    [
      'a document cut short',
      storedZip('x.xml', DOC(CASE('97000001')).slice(0, -40)),
      'truncated document: the closing root element is missing',
    ],
    ['a document without case files', storedZip('x.xml', DOC('')), 'the document holds no case files'],
    [
      'a case file with a bad serial number',
      storedZip('x.xml', DOC(CASE('97000001') + CASE('1234'))),
      'case file 2: serial-number 1234 is not 8 digits',
    ],
    [
      'a case file without a transaction date',
      storedZip('x.xml', DOC(CASE('97000001', ''))),
      'case file 1 (97000001): transaction-date is missing or not YYYYMMDD',
    ],
  ])('rejects %s', async (_what, zip, message) => {
    await expect(read(zip)).rejects.toEqual(new BadFile(message));
  });

  it('rejects a damaged entry by its CRC-32', async () => {
    const zip = storedZip('x.xml', DOC(CASE('97000001')));
    zip[60] ^= 0x01; // one bit of the document flipped in transit
    await expect(read(zip)).rejects.toEqual(new BadFile('ZIP entry x.xml is damaged (size or CRC-32 mismatch)'));
  });
});
