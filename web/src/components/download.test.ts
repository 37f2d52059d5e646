import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { downloadText, toCsv } from './download';

const BOM = '\uFEFF';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** jsdom's Blob has no text(): read it as a browser would. */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe('toCsv (RFC 4180)', () => {
  it('writes a BOM, commas and CRLF line ends, the header first', () => {
    expect(
      toCsv(
        ['Unit', 'km'],
        [
          ['A', 1.5],
          ['B', 2],
        ],
      ),
    ).toBe(`${BOM}Unit,km\r\nA,1.5\r\nB,2\r\n`);
  });

  it('writes only the header when there are no rows', () => {
    expect(toCsv(['a', 'b'], [])).toBe(`${BOM}a,b\r\n`);
  });

  it('quotes fields holding a comma, quote, CR or LF and doubles quotes', () => {
    const csv = toCsv(['x'], [['a,b'], ['say "hi"'], ['two\nlines'], ['cr\rhere'], ['plain']]);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'x',
      '"a,b"',
      '"say ""hi"""',
      '"two\nlines"',
      '"cr\rhere"',
      'plain',
      '',
    ]);
  });

  it('writes null, undefined and non-finite numbers as empty fields', () => {
    expect(toCsv(['a', 'b', 'c', 'd'], [[null, undefined, Number.NaN, 0]])).toBe(
      `${BOM}a,b,c,d\r\n,,,0\r\n`,
    );
  });

  it('keeps accents and other characters as they are', () => {
    expect(toCsv(['Name'], [['Zoë Müller – São Paulo']])).toBe(
      `${BOM}Name\r\nZoë Müller – São Paulo\r\n`,
    );
  });

  it('turns text a spreadsheet would run as a formula into text', () => {
    const cells = ['=SUM(A1)', '+27', '-1', '@cmd', '\tx', '\rx', 'a=b', " 'x"];
    const fields = cells.map(
      (c) =>
        toCsv([], [[c]])
          .slice(1)
          .split('\r\n')[1],
    );
    expect(fields).toEqual(["'=SUM(A1)", "'+27", "'-1", "'@cmd", "'\tx", `"'\rx"`, 'a=b', " 'x"]);
  });

  it('quotes a protected field when it also needs quoting', () => {
    expect(toCsv(['c'], [['=HYPERLINK("http://x","y")']])).toBe(
      `${BOM}c\r\n"'=HYPERLINK(""http://x"",""y"")"\r\n`,
    );
  });

  it('writes numbers as numbers, negative ones too', () => {
    expect(toCsv(['n'], [[-12.5], [0], [42]])).toBe(`${BOM}n\r\n-12.5\r\n0\r\n42\r\n`);
  });
});

describe('downloadText', () => {
  it('downloads through a temporary object URL and an <a download>, then revokes it', async () => {
    let blob: Blob | undefined;
    const create = vi.fn((b: Blob) => {
      blob = b;
      return 'blob:test/1';
    });
    const revoke = vi.fn();
    // jsdom has no object URLs: lend URL the two functions for this test.
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = create;
    URL.revokeObjectURL = revoke;
    onTestFinished(() => {
      URL.createObjectURL = saved.create;
      URL.revokeObjectURL = saved.revoke;
    });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.isConnected).toBe(true);
      clicked.push(this);
    });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');

    vi.useFakeTimers();
    downloadText('trips.csv', 'a,b\r\n', 'text/csv;charset=utf-8');

    expect(create).toHaveBeenCalledTimes(1);
    expect(blob!.type).toBe('text/csv;charset=utf-8');
    expect(clicked).toHaveLength(1);
    expect(clicked[0].download).toBe('trips.csv');
    expect(clicked[0].getAttribute('href')).toBe('blob:test/1');
    // The link is gone from the page, and the URL is revoked once the browser has read it.
    expect(clicked[0].isConnected).toBe(false);
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
    expect(revoke).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:test/1');
    expect(fetchSpy).not.toHaveBeenCalled();
    vi.useRealTimers();
    expect(await blobText(blob!)).toBe('a,b\r\n');
  });
});
