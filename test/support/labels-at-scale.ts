import { PDFArray, type PDFDocument, type PDFRawStream } from '@pdfme/pdf-lib';
import type { FetchLike } from '../../src/index.js';

/**
 * Counts the requests in flight through a fetch, and the most there ever were at once; each answer comes a
 * little late, so that requests overlap and a concurrency limit shows. `counts` picks the requests counted.
 */
export class OverlapCounter {
  inFlight = 0;
  peak = 0;

  constructor(private readonly counts: (url: string) => boolean = () => true) {}

  through(fetch: FetchLike): FetchLike {
    return async (input, init) => {
      if (!this.counts(String(input instanceof Request ? input.url : input))) return fetch(input, init);
      this.inFlight += 1;
      this.peak = Math.max(this.peak, this.inFlight);
      try {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return await fetch(input, init);
      } finally {
        this.inFlight -= 1;
      }
    };
  }
}

/** The text drawn on each page of a PDF, read back from its content streams. */
export function pageTexts(pdf: PDFDocument): string[] {
  return pdf.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    return streams
      .map((stream) => Buffer.from((stream as PDFRawStream).getContents()).toString('latin1'))
      .join('');
  });
}
