import PDFDocument from 'pdfkit';
import { invoiceContent, type InvoiceRenderer } from '../domain/invoice.ts';

/** Invoices drawn with pdfkit in its built-in Helvetica; `compress: false` keeps the text readable in tests. */
export function createPdfInvoices(options: { compress?: boolean } = {}): InvoiceRenderer {
  return {
    render(statement, renderOptions) {
      const content = invoiceContent(statement, renderOptions);
      const document = new PDFDocument({
        size: 'A4',
        margin: 56,
        compress: options.compress ?? true,
        info: {
          Title: `${content.title} ${content.number}`,
          Author: 'Laundromat Finder',
          Subject: statement.id,
        },
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
      document
        .moveDown(0.2)
        .font('Helvetica')
        .fontSize(11)
        .fillColor('#555')
        .text('Laundromat Finder advertising');
      document.moveDown(1.2).fillColor('#000');
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
    },
  };
}
