/**
 * From allocation to label files: the labels of the consignment that packing and allocation named, as a
 * PDF at the default 203 dpi, ZPL for a thermal printer at 300 dpi, and a PNG; then, for a shipment of
 * area B, a BMP rotated for a printer that feeds sideways. Every file is written atomically, so a printer
 * watching the folder never picks up half a label.
 * `npx tsx examples/labels-to-files.ts` (files go to ./labels-out)
 * tsx runs TypeScript directly: a clone of consignkit has it; elsewhere, `npm install --save-dev tsx` first.
 */
import { createClients, decodeDocument } from 'consignkit';
import { saveConsignmentLabels, saveDocument } from 'consignkit/node';
import { createMockService } from 'consignkit/testing';
import { isMain } from './run.js';
import { shippedConsignment } from './shipped-consignment.js';

export async function main(log: (line: string) => void = console.log, directory = 'labels-out') {
  const mock = createMockService();
  const { orders, shipments } = createClients({ apiKey: mock.apiKey, fetch: mock.fetch });
  const { consignment, shipment } = await shippedConsignment(orders, mock, 'WEB-3001');

  // Area A: the consignment's labels (every package's, as one file).
  const pdfs = await saveConsignmentLabels(orders, consignment, {
    format: 'PDF',
    directory,
    createDirectories: true,
  });
  log(`saved ${pdfs.join(', ')}`);
  const zpl = await saveConsignmentLabels(orders, consignment, { format: 'ZPL', dpi: 300, directory });
  log(`saved ${zpl.join(', ')} (300 dpi)`);
  const png = await orders.labels.get(consignment, { format: 'png' });
  const pngPath = await saveDocument(png, `${directory}/${consignment}-image.png`);
  log(`saved ${pngPath} (${decodeDocument(png).contentType})`);

  // Area B: a shipment's label, as a BMP rotated a quarter turn.
  const [bmp] = await shipments.labels.get(shipment, { format: 'BMP', rotation: 'left' });
  if (!bmp) throw new Error(`no BMP label for ${shipment}`);
  const decoded = decodeDocument(bmp);
  const path = await saveDocument(bmp, `${directory}/${shipment}-rotated${decoded.extension}`);
  log(`saved ${path} (${decoded.bytes.length} bytes, ${decoded.contentType}, ${decoded.dpi} dpi)`);
  return { consignment, shipment, files: [...pdfs, ...zpl, pngPath, path] };
}

if (isMain(import.meta.url)) await main();
