import { ORDERS_AREA, SHIPMENTS_AREA } from '../core/options.js';
import { type DoctorCheck, runDoctor } from '../node/doctor/index.js';
import type { Command } from './command.js';
import { EXIT_FAILURE, EXIT_OK, UsageError } from './output.js';

const MARKS: Record<DoctorCheck['status'], string> = {
  ok: 'ok     ',
  drift: 'drift  ',
  failed: 'failed ',
  skipped: 'skipped',
};

const AREA_NAMES = { orders: 'orders   ', shipments: 'shipments' };

/** `consignkit doctor`: checks the keys, the network and the service's answers; see docs/doctor.md. */
export const doctorCommand: Command = {
  name: 'doctor',
  options: ['write', 'yes', 'report', 'environment'],
  remote: false,
  arguments: [0, 0],
  async run({ values, io, out, clientOptions }) {
    const write = values.write ?? false;
    const orders = clientOptions(ORDERS_AREA);
    const shipments = clientOptions(SHIPMENTS_AREA);
    if (write && orders.environment !== 'sandbox') {
      throw new UsageError(
        `--write runs only in the sandbox: it creates and cancels consignments and shipments (environment is '${orders.environment}')`,
        'doctor',
      );
    }
    if (write && !values.yes && io.confirm) {
      const agreed = await io.confirm(
        'consignkit doctor --write creates, allocates and cancels one consignment and one shipment in the sandbox. Go ahead?',
      );
      if (!agreed) {
        out.line('nothing sent');
        return EXIT_OK;
      }
    }
    const report = await runDoctor({
      ordersApiKey: orders.apiKey,
      shipmentsApiKey: shipments.apiKey,
      environment: orders.environment,
      ordersBaseUrl: orders.baseUrl,
      shipmentsBaseUrl: shipments.baseUrl,
      write,
      onProgress: ({ check, area, done }) => {
        if (io.stderr.isTTY && !out.json) out.progress(done ? undefined : `checking ${area}: ${check}…`);
      },
    });
    if (values.report !== undefined) await out.file(values.report, report);
    if (out.json) {
      out.value(report);
    } else {
      for (const check of report.checks) {
        out.line(`${MARKS[check.status]} ${AREA_NAMES[check.area]}  ${check.name}: ${check.detail}`);
        for (const difference of check.differences ?? []) {
          out.line(
            `          ${difference.path}: expected ${difference.expected}, got ${difference.received}`,
          );
        }
      }
      for (const item of report.created ?? []) {
        if (!item.cleanedUp) out.line(`left behind: ${item.reference} (${item.area}): cancel it by hand`);
      }
      out.line(report.ok ? 'all checks passed' : 'some checks did not pass: see above');
    }
    return report.ok ? EXIT_OK : EXIT_FAILURE;
  },
};
