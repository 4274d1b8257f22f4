import { describe, expect, it } from 'vitest';
import { acceptAttribute, fileExtension, isAcceptedFile } from './file-kinds';

describe('file kinds', () => {
  it('builds the accept attribute from extensions and MIME types', () => {
    expect(acceptAttribute(['pdf'])).toBe('.pdf,application/pdf');
    const all = acceptAttribute(['pdf', 'image', 'doc', 'docx']);
    expect(all).toContain('.docx');
    expect(all).toContain('image/png');
    expect(all).not.toContain('application/zip');
  });
  it('reads extensions case-insensitively', () => {
    expect(fileExtension('Report.PDF')).toBe('.pdf');
    expect(fileExtension('noext')).toBe('');
  });
  it('accepts a file whose extension and type agree with a kind', () => {
    expect(isAcceptedFile('a.pdf', 'application/pdf', ['pdf'])).toBe(true);
    expect(isAcceptedFile('scan.JPG', 'image/jpeg', ['pdf', 'image'])).toBe(true);
    expect(isAcceptedFile('letter.docx', '', ['docx'])).toBe(true);
    expect(isAcceptedFile('letter.doc', 'application/octet-stream', ['doc'])).toBe(true);
  });
  it('refuses other kinds and disguised files', () => {
    expect(
      isAcceptedFile('letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', [
        'pdf',
        'image',
      ]),
    ).toBe(false);
    expect(isAcceptedFile('virus.pdf', 'application/x-msdownload', ['pdf'])).toBe(false);
    expect(isAcceptedFile('image.png', 'application/pdf', ['pdf', 'image'])).toBe(false);
  });
});
