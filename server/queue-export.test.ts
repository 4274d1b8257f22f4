import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './queue-export';

describe('csvCell', () => {
  it('quotes by RFC 4180 only what needs it, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(true)).toBe('true');
  });

  it('disarms a text a spreadsheet would run as a formula, not a number', () => {
    for (const text of ['=1+2', '+1', '-1', '@SUM(A1)', '\tx']) expect(csvCell(text)).toMatch(/^"?'/);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(-3)).toBe('-3');
  });

  it('ends a line with CRLF', () => {
    expect(csvLine(['a', null, 'b,c'])).toBe('a,,"b,c"\r\n');
  });
});
