import { inflateSync } from 'node:zlib';

/**
 * A built-in font's bytes are WinAnsi (Windows-1252): Latin-1 but for 0x80–0x9F, where € is 0x80 and ’ is
 * 0x92. Written out because Node's TextDecoder reads 'windows-1252' as Latin-1.
 */
const winAnsiHigh = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = {
  decode: (bytes: Buffer) =>
    Array.from(bytes, (byte) =>
      byte >= 0x80 && byte <= 0x9f ? winAnsiHigh[byte - 0x80]! : String.fromCharCode(byte),
    ).join(''),
};

/** A stream's bytes, inflated when it is compressed. */
function streamOf(source: string, dictionary: string, start: number): Buffer | undefined {
  const end = source.indexOf('endstream', start);
  const content = Buffer.from(source.slice(start, end), 'latin1');
  if (!/FlateDecode/.test(dictionary)) return content;
  try {
    return inflateSync(content);
  } catch {
    return undefined;
  }
}

/** A ToUnicode CMap as pdfkit writes it (bfrange arrays and bfchar pairs): glyph code → the text it shows. */
function readCMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  // A target may be several UTF-16 units, written with spaces between them (<0915 094d 0937>).
  const utf16 = (hex: string) => Buffer.from(hex.replace(/\s/g, ''), 'hex').swap16().toString('utf16le');
  for (const block of cmap.matchAll(/beginbfrange([^]*?)endbfrange/g)) {
    for (const [, from, to, target] of block[1]!.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
    )) {
      const first = parseInt(from!, 16);
      const last = parseInt(to!, 16);
      const targets = [...target!.matchAll(/<([0-9a-fA-F\s]+)>/g)].map((match) => match[1]!);
      for (let code = first; code <= last; code += 1) {
        const key = code.toString(16).padStart(from!.length, '0').toLowerCase();
        if (target!.startsWith('[')) map.set(key, utf16(targets[code - first] ?? ''));
        else {
          const base = parseInt(targets[0]!.slice(-4), 16) + (code - first);
          map.set(key, utf16(targets[0]!.slice(0, -4) + base.toString(16).padStart(4, '0')));
        }
      }
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([^]*?)endbfchar/g)) {
    for (const [, code, target] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) {
      map.set(code!.toLowerCase(), utf16(target!));
    }
  }
  return map;
}

/**
 * The text a PDF shows, one string per text run, read from its content streams (inflated when compressed) as a
 * PDF reader extracts it: a built-in font's run is its bytes (WinAnsi); an embedded font's run (Chinese, Hindi) is its
 * glyph ids, each mapped to its characters through the font's ToUnicode CMap. pdfkit writes each run as a TJ
 * array of hex strings, split where it kerns. A Devanagari vowel sign drawn before its consonant comes out in
 * drawing order, as in any extraction.
 */
export function pdfText(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const objects = new Map<string, { dictionary: string; stream?: Buffer }>();
  for (const match of source.matchAll(/(\d+) 0 obj\s*<<([^]*?)>>\s*(stream\r?\n)?/g)) {
    const stream = match[3] ? streamOf(source, match[2]!, match.index + match[0].length) : undefined;
    objects.set(match[1]!, { dictionary: match[2]!, stream });
  }
  // Font resource names (/F1 …) to the ToUnicode map of the font object they name, when it has one.
  const cmaps = new Map<string, Map<string, string>>();
  for (const { dictionary } of objects.values()) {
    for (const [, name, ref] of dictionary.matchAll(/\/(F\d+)\s+(\d+) 0 R/g)) {
      const toUnicode = /\/ToUnicode\s+(\d+) 0 R/.exec(objects.get(ref!)?.dictionary ?? '');
      const cmap = toUnicode ? objects.get(toUnicode[1]!)?.stream : undefined;
      if (cmap) cmaps.set(name!, readCMap(cmap.toString('latin1')));
    }
  }
  const runs: string[] = [];
  for (const { stream } of objects.values()) {
    if (!stream) continue;
    let font: Map<string, string> | undefined;
    for (const op of stream.toString('latin1').matchAll(/\/(F\d+)\s+[\d.]+\s+Tf|\[([^\]]*)\]\s*TJ/g)) {
      if (op[1]) {
        font = cmaps.get(op[1]);
        continue;
      }
      const hex = [...op[2]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1]).join('');
      runs.push(
        font
          ? (hex.toLowerCase().match(/.{4}/g) ?? []).map((code) => font!.get(code) ?? '').join('')
          : winAnsi.decode(Buffer.from(hex, 'hex')),
      );
    }
  }
  return runs;
}
