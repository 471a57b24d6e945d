/**
 * Fetch a shipment's labels and save them as files: PDF at the default 203 dpi, ZPL for a thermal
 * printer at 300 dpi, and a BMP rotated for a printer that feeds sideways. Every file is written
 * atomically, so a printer watching the folder never picks up half a label.
 * `npx tsx examples/labels-to-files.ts` (files go to ./labels-out)
 */
import { createClients, decodeDocument } from 'consignkit';
import { saveDocument, saveLabels } from 'consignkit/node';
import { createMockService } from 'consignkit/testing';
import { isMain } from './run.js';
import { shippedConsignment } from './shipped-consignment.js';

export async function main(log: (line: string) => void = console.log, directory = 'labels-out') {
  const mock = createMockService();
  const { orders, shipments } = createClients({ apiKey: mock.apiKey, fetch: mock.fetch });
  const { shipment } = await shippedConsignment(orders, mock, 'WEB-3001');

  const pdfs = await saveLabels(shipments, shipment, { format: 'PDF', directory, createDirectories: true });
  log(`saved ${pdfs.join(', ')}`);

  const zpl = await saveLabels(shipments, shipment, {
    format: 'ZPL',
    dpi: 300,
    directory,
    includeExtension: false,
  });
  log(`saved ${zpl.join(', ')} (300 dpi, without the label extension)`);

  const [bmp] = await shipments.getLabels(shipment, { format: 'BMP', rotation: 'left' });
  if (!bmp) throw new Error(`no BMP label for ${shipment}`);
  const decoded = decodeDocument(bmp);
  const path = await saveDocument(bmp, `${directory}/${shipment}-rotated${decoded.extension}`);
  log(`saved ${path} (${decoded.bytes.length} bytes, ${decoded.contentType}, ${decoded.dpi} dpi)`);
  return { shipment, files: [...pdfs, ...zpl, path] };
}

if (isMain(import.meta.url)) await main();
