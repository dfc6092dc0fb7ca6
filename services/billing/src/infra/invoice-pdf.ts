import PDFDocument from 'pdfkit';
import type { Language } from '@laundry/contracts';
import { invoiceContent, type InvoiceContent, type InvoiceRenderer } from '../domain/invoice.ts';

/**
 * Languages pdfkit's built-in Helvetica can draw (Latin script). Chinese and Hindi need a CJK and a
 * Devanagari font embedded; until one ships with the service their invoices are written in English rather
 * than as unreadable boxes.
 */
const drawable: ReadonlySet<Language> = new Set(['en', 'fr', 'es']);

/** Invoices drawn with pdfkit in its built-in Helvetica; `compress: false` keeps the text readable in tests. */
export function createPdfInvoices(options: { compress?: boolean } = {}): InvoiceRenderer {
  return {
    render(statement, context) {
      let content = invoiceContent(statement, context);
      if (!drawable.has(content.language) && context.buyer) {
        content = invoiceContent(statement, { ...context, buyer: { ...context.buyer, language: 'en' } });
      }
      return draw(content, statement.id, options.compress ?? true);
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
  const left = 56;
  const valueX = 240;
  const width = document.page.width - left * 2;

  document.font('Helvetica-Bold').fontSize(22).text(content.title, left, 56);
  document.moveDown(1).fillColor('#000');

  // Seller and buyer side by side.
  const top = document.y;
  const half = (width - 16) / 2;
  let bottom = top;
  content.parties.forEach((party, index) => {
    const x = left + index * (half + 16);
    document.font('Helvetica-Bold').fontSize(10).text(party.heading, x, top, { width: half });
    document.font('Helvetica').fontSize(10);
    for (const line of party.lines) document.text(line, x, document.y, { width: half });
    bottom = Math.max(bottom, document.y);
  });
  document.y = bottom;
  document.moveDown(1);

  for (const [label, value] of content.facts) {
    const y = document.y;
    document
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(label, left, y, { width: valueX - left - 8 });
    document.font('Helvetica').text(value, valueX, y, { width: width - (valueX - left) });
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
    const after = document.y;
    cells.slice(1).forEach((cell, column) => {
      document.text(cell, amountX(column), y, { width: amountWidth, align: 'right' });
    });
    document.y = Math.max(after, document.y);
    document.moveDown(0.3);
  };
  rule();
  row(content.columns, 'Helvetica-Bold');
  for (const campaign of content.campaigns) {
    row([campaign.label, campaign.spend, campaign.fee, campaign.charged], 'Helvetica');
    document.font('Helvetica').fontSize(8).fillColor('#555').text(campaign.detail, left, document.y);
    document.fillColor('#000').moveDown(0.3);
  }
  rule();
  for (const [label, amount] of content.lines) {
    const y = document.y;
    document.font('Helvetica').fontSize(11).text(label, left, y);
    document.text(amount, left, y, { width, align: 'right' });
    document.moveDown(0.5);
  }
  rule();
  const y = document.y;
  document.font('Helvetica-Bold').fontSize(12).text(content.total[0], left, y);
  document.text(content.total[1], left, y, { width, align: 'right' });
  document.moveDown(2);
  document.font('Helvetica').fontSize(9).fillColor('#555');
  for (const note of content.notes) document.text(note, left, document.y, { width }).moveDown(0.5);
  document.end();
  return done;
}
