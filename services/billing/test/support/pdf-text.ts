import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, one string per text run, read from its content streams (inflated when compressed):
 * enough to check what an invoice says without a PDF reader. pdfkit writes each run as a TJ array of hex
 * strings, split where it kerns.
 */
export function pdfText(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const runs: string[] = [];
  for (const match of source.matchAll(/<<([^]*?)>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    let content = Buffer.from(source.slice(start, end), 'latin1');
    if (/FlateDecode/.test(match[1]!)) {
      try {
        content = inflateSync(content);
      } catch {
        continue;
      }
    }
    for (const array of content.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1]).join('');
      runs.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return runs;
}
