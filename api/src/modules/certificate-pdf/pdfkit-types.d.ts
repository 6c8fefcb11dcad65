/**
 * What pdfkit 0.20 has and @types/pdfkit 0.17 does not declare yet (node_modules/pdfkit/js/pdfkit.js:
 * `openImage`, the attachment's `relationship`, which PDF/A-3 needs as AFRelationship, a font opened by fontkit).
 */
declare namespace PDFKit {
  interface PDFImage {
    width: number;
    height: number;
  }
  interface PDFDocument {
    /** Decodes an image once; the returned image is embedded once however many pages show it. */
    openImage(src: Buffer): PDFImage;
    image(src: PDFImage, x?: number, y?: number, options?: Mixins.ImageOption): this;
    registerFont(name: string, src: import('fontkit').Font): this;
  }
  namespace Mixins {
    interface PDFAttachmentOptions {
      relationship?: 'Source' | 'Data' | 'Alternative' | 'Supplement' | 'Unspecified';
    }
  }
}
