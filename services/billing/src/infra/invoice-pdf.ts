import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import type { Language } from '@laundry/contracts';
import {
  creditNoteContent,
  invoiceContent,
  type InvoiceContent,
  type InvoiceRenderer,
} from '../domain/invoice.ts';
import { refundSplit } from '../domain/refunds.ts';

const require = createRequire(import.meta.url);
const packageDir = (entry: string) => dirname(require.resolve(entry));

/** A regular and a bold face: a font file embedded (and subset) by pdfkit, or one of its built-in fonts. */
interface Faces {
  regular: string | Buffer;
  bold: string | Buffer;
}

/** Each font file is read once, when first needed, and kept: a CJK font is megabytes. */
const files = new Map<string, Buffer>();
const file = (path: string) => {
  let bytes = files.get(path);
  if (!bytes) files.set(path, (bytes = readFileSync(path)));
  return bytes;
};

/**
 * The faces each language is drawn in. Helvetica (built into every PDF reader) has Latin script only: Chinese
 * is drawn in Noto Sans Hans (its GB2312 subset, which has Latin letters and digits too) and Hindi in Noto
 * Sans Devanagari, whose conjuncts and vowel signs pdfkit shapes through fontkit. Both come from npm
 * packages, so a fresh install and the service's image have them; only the glyphs used are embedded.
 */
function facesOf(language: Language, text: string): Faces {
  // Helvetica draws Latin-1 only: a Chinese or Hindi name on an invoice in another language (a buyer's
  // legal name, a reason) takes the font of its script, which has Latin letters as well.
  const script =
    language === 'zh' || language === 'hi'
      ? language
      : /[\u0900-\u097f]/.test(text)
        ? 'hi'
        : /[\u3000-\u9fff\uff00-\uffef]/.test(text)
          ? 'zh'
          : language;
  if (script === 'zh') {
    const fonts = join(packageDir('@embedpdf/fonts-sc'), '..', 'fonts');
    return {
      regular: file(join(fonts, 'NotoSansHans-Regular.otf')),
      bold: file(join(fonts, 'NotoSansHans-Bold.otf')),
    };
  }
  if (script === 'hi') {
    const fonts = packageDir('@expo-google-fonts/noto-sans-devanagari');
    return {
      regular: file(join(fonts, '400Regular', 'NotoSansDevanagari_400Regular.ttf')),
      bold: file(join(fonts, '700Bold', 'NotoSansDevanagari_700Bold.ttf')),
    };
  }
  return { regular: 'Helvetica', bold: 'Helvetica-Bold' };
}

/**
 * Invoices and credit notes drawn with pdfkit in the buyer's language; `compress: false` keeps the content
 * streams readable in tests.
 */
export function createPdfInvoices(options: { compress?: boolean } = {}): InvoiceRenderer {
  const compress = options.compress ?? true;
  return {
    render(statement, context) {
      return draw(invoiceContent(statement, context), statement.id, compress);
    },
    renderCreditNote(statement, refund, context) {
      const split = refundSplit(statement, refund.refundedBeforeCents, refund.amountCents);
      return draw(creditNoteContent(statement, refund, context, split), refund.id, compress);
    },
  };
}

function draw(content: InvoiceContent, subject: string, compress: boolean): Promise<Buffer> {
  const document = new PDFDocument({
    size: 'A4',
    margin: 56,
    compress,
    info: { Title: `${content.title} ${content.number}`, Author: 'Laundromat Finder', Subject: subject },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });
  const faces = facesOf(content.language, JSON.stringify(content));
  document.registerFont('regular', faces.regular);
  document.registerFont('bold', faces.bold);
  const left = 56;
  const valueX = 240;
  const width = document.page.width - left * 2;

  document.font('bold').fontSize(22).text(content.title, left, 56);
  document.moveDown(1).fillColor('#000');

  // Seller and buyer side by side.
  const top = document.y;
  const half = (width - 16) / 2;
  let bottom = top;
  content.parties.forEach((party, index) => {
    const x = left + index * (half + 16);
    document.font('bold').fontSize(10).text(party.heading, x, top, { width: half });
    document.font('regular').fontSize(10);
    for (const line of party.lines) document.text(line, x, document.y, { width: half });
    bottom = Math.max(bottom, document.y);
  });
  document.y = bottom;
  document.moveDown(1);

  for (const [label, value] of content.facts) {
    const y = document.y;
    document
      .font('bold')
      .fontSize(10)
      .text(label, left, y, { width: valueX - left - 8 });
    document.font('regular').text(value, valueX, y, { width: width - (valueX - left) });
    document.moveDown(0.4);
  }
  document.moveDown(1);
  const rule = () => {
    document
      .moveTo(left, document.y)
      .lineTo(left + width, document.y)
      .strokeColor('#999')
      .stroke();
    document.moveDown(0.5);
  };

  // One row per campaign: name and counts, then spend, fee and charged in right-aligned columns.
  const amountWidth = 80;
  const amountX = (column: number) => left + width - amountWidth * (3 - column);
  const row = (cells: string[], font: string) => {
    const y = document.y;
    document
      .font(font)
      .fontSize(10)
      .text(cells[0]!, left, y, { width: width - amountWidth * 3 - 8 });
    // The row ends below its tallest cell: a header such as 'Dépenses publicitaires' takes two lines.
    let after = document.y;
    cells.slice(1).forEach((cell, column) => {
      document.text(cell, amountX(column), y, { width: amountWidth, align: 'right' });
      after = Math.max(after, document.y);
    });
    document.y = after;
    document.moveDown(0.3);
  };
  if (content.columns) {
    rule();
    row(content.columns, 'bold');
    for (const campaign of content.campaigns) {
      row([campaign.label, campaign.spend, campaign.fee, campaign.charged], 'regular');
      document.font('regular').fontSize(8).fillColor('#555').text(campaign.detail, left, document.y);
      document.fillColor('#000').moveDown(0.3);
    }
  }
  rule();
  for (const [label, amount] of content.lines) {
    const y = document.y;
    document.font('regular').fontSize(11).text(label, left, y);
    document.text(amount, left, y, { width, align: 'right' });
    document.moveDown(0.5);
  }
  rule();
  const y = document.y;
  document.font('bold').fontSize(12).text(content.total[0], left, y);
  document.text(content.total[1], left, y, { width, align: 'right' });
  document.moveDown(2);
  document.font('regular').fontSize(9).fillColor('#555');
  for (const note of content.notes) document.text(note, left, document.y, { width }).moveDown(0.5);
  document.end();
  return done;
}
