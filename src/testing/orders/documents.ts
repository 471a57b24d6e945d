import { encodeBase64 } from '../pdf.js';
import { json, type RouteContext } from '../router.js';
import { customsConsignment, customsPdf } from './delivery-options/options.js';
import { ErrorCode, fail } from './errors.js';
import type { StoredConsignment } from './state.js';
import { isObject } from './util.js';

/**
 * Customs documents in the mock, only for allocated international consignments (400
 * `ConsignmentNotAllocated`, 400 `NoCustomsDocumentsRequired` otherwise): a commercial invoice, and per
 * package a CN22 when the declared value is at most 270 GBP in all, else a CN23 (the postal rule).
 */

/** The declared value limit of a CN22, in pounds: above it, CN23s. */
const CN22_LIMIT = 270;

function declaredValue(consignment: StoredConsignment): number {
  return consignment.Packages.reduce((sum, pkg) => {
    const amount = isObject(pkg.Value) ? pkg.Value.Amount : undefined;
    return sum + (typeof amount === 'number' ? amount : 0);
  }, 0);
}

/** `CN22` or `CN23`: the declaration this consignment's packages get. */
export function declarationOf(consignment: StoredConsignment): 'CN22' | 'CN23' {
  return declaredValue(consignment) <= CN22_LIMIT ? 'CN22' : 'CN23';
}

function declaration(consignment: StoredConsignment, type: string, packageReference: string) {
  return encodeBase64(customsPdf(consignment, `${type} Customs Declaration ${packageReference}`));
}

/** GET /consignments/docs/:consignmentReference: `{ CommercialInvoiceDocuments, CN22Documents, CN23Documents }`. */
export function getCustomsDocuments(context: RouteContext): Response {
  const consignment = customsConsignment(context.store, context.params.consignmentReference);
  const type = declarationOf(consignment);
  const declarations = consignment.Packages.map((pkg) => {
    const reference = String(pkg.Reference);
    return { Key: `${type}_${reference}`, Value: declaration(consignment, type, reference) };
  });
  return json({
    CommercialInvoiceDocuments: [
      {
        Key: `INV_${consignment.Reference}`,
        Value: encodeBase64(customsPdf(consignment, 'Commercial Invoice')),
      },
    ],
    CN22Documents: type === 'CN22' ? declarations : null,
    CN23Documents: type === 'CN23' ? declarations : null,
  });
}

/**
 * GET /consignments/docs/{CN22|CN23}/:consignmentReference/:packageReference: one package's CN22 or CN23, a
 * JSON string of Base64. 404 `PackageNotFound`, 404 `CustomsDocumentNotGenerated` for the declaration
 * this consignment does not get (CN22 asked where CN23s were made, or the other way).
 */
export function getCustomsDocument(type: 'CN22' | 'CN23') {
  return (context: RouteContext): Response => {
    const consignment = customsConsignment(context.store, context.params.consignmentReference);
    const packageReference = context.params.packageReference ?? '';
    if (!consignment.Packages.some((pkg) => pkg.Reference === packageReference)) {
      fail(
        404,
        ErrorCode.PackageNotFound,
        `Package ${packageReference} is not in consignment ${consignment.Reference}`,
      );
    }
    const generated = declarationOf(consignment);
    if (generated !== type) {
      fail(
        404,
        ErrorCode.CustomsDocumentNotGenerated,
        `Consignment ${consignment.Reference} has ${generated} declarations, not ${type} (declared value ${declaredValue(consignment)} GBP)`,
      );
    }
    return json(declaration(consignment, type, packageReference));
  };
}
