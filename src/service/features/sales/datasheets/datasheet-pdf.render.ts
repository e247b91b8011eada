import PDFDocument from 'pdfkit';
import type { TransceiverDatasheet } from '../../../../shared/api/sales/datasheets.schemas.js';
import { budgetNotes, budgetRows, compatibilityLines, PRICE_GROUPS, priceRow, productRows, sourceLines } from './datasheet-text.js';

const ACCENT = '#0b4f8a';
const LEFT = 50;
const WIDTH = 495; // A4 is 595 points wide; 50-point margins

type Doc = InstanceType<typeof PDFDocument>;

/**
 * The built-in Helvetica covers Latin-1 only; anything else (imported names in other scripts, arrows, emoji) would
 * print as a wrong glyph, so it prints as "?" instead.
 */
const latin1 = (text: string): string => text.replace(/[^\t\n\x20-\x7e\xa0-\xff]/gu, '?');

function heading(doc: Doc, text: string): void {
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).fillColor(ACCENT).text(latin1(text), LEFT, doc.y, { width: WIDTH });
  doc
    .moveTo(LEFT, doc.y)
    .lineTo(LEFT + WIDTH, doc.y)
    .strokeColor('#c8d6e5')
    .lineWidth(0.5)
    .stroke();
  doc.moveDown(0.3).fillColor('#1a1a1a');
}

/** Rows of cells in fixed columns; a row starts on a new page when it would not fit. */
function table(doc: Doc, rows: ReadonlyArray<readonly string[]>, widths: readonly number[], boldFirst: boolean): void {
  for (const row of rows) {
    const heights = row.map((cell, i) =>
      doc
        .font(i === 0 && boldFirst ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9.5)
        .heightOfString(latin1(cell), { width: widths[i]! - 6 }),
    );
    const height = Math.max(...heights) + 4;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = doc.y;
    let x = LEFT;
    row.forEach((cell, i) => {
      doc
        .font(i === 0 && boldFirst ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9.5)
        .text(latin1(cell), x, top + 2, { width: widths[i]! - 6 });
      x += widths[i]!;
    });
    doc.y = top + height;
    doc
      .moveTo(LEFT, doc.y)
      .lineTo(LEFT + WIDTH, doc.y)
      .strokeColor('#e3e8ee')
      .lineWidth(0.5)
      .stroke();
  }
  doc.x = LEFT;
}

function note(doc: Doc, text: string): void {
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor('#555555')
    .text(latin1(text), LEFT, doc.y + 2, { width: WIDTH })
    .fillColor('#1a1a1a');
}

/** The A4 PDF datasheet, drawn with pdfkit's built-in Helvetica (no font files: it works offline). */
export function renderDatasheetPdf(d: TransceiverDatasheet, issuer: string): Promise<Buffer> {
  const p = d.product;
  const doc = new PDFDocument({
    size: 'A4',
    margin: LEFT,
    info: { Title: `${p.part_number} datasheet`, Author: issuer, Subject: p.name, CreationDate: new Date(d.generated_at) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor(ACCENT)
    .text(latin1(`${issuer.toUpperCase()} - DATASHEET`), LEFT, LEFT, { width: WIDTH });
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#1a1a1a').text(latin1(p.part_number), { width: WIDTH });
  doc.font('Helvetica').fontSize(11).text(latin1(p.name), { width: WIDTH });
  if (p.description !== null) doc.moveDown(0.5).fontSize(9.5).text(latin1(p.description), { width: WIDTH });

  heading(doc, 'Specifications');
  table(doc, productRows(d), [190, 305], true);

  heading(doc, 'Optical power budget');
  const budget = budgetRows(d);
  if (budget === null) note(doc, d.power_budget_note ?? '');
  else {
    table(doc, budget, [190, 305], true);
    for (const line of budgetNotes(d)) note(doc, line);
  }

  heading(doc, 'Pricing');
  if (d.pricing.demo_notice !== null) {
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('#8a4b00')
      .text(latin1(d.pricing.demo_notice), LEFT, doc.y + 4, { width: WIDTH })
      .fillColor('#1a1a1a');
  }
  for (const [key, title] of PRICE_GROUPS) {
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(latin1(title), LEFT, doc.y + 4, { width: WIDTH });
    const rows = d.pricing[key];
    if (rows.length === 0) note(doc, 'None observed.');
    else table(doc, [['Shop', 'Product', 'Price', 'Seen'], ...rows.map(priceRow)], [150, 175, 90, 80], false);
  }
  note(doc, d.pricing.note);

  heading(doc, 'Compatibility');
  for (const line of compatibilityLines(d)) doc.font('Helvetica').fontSize(9.5).text(latin1(line), LEFT, doc.y, { width: WIDTH });

  doc.moveDown(1);
  for (const line of sourceLines(d)) note(doc, line);
  note(doc, `Generated ${d.generated_at} - inputs ${d.input_hash.slice(0, 12)}`);
  doc.end();
  return done;
}
