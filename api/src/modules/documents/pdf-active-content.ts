import { PDFArray, PDFDict, PDFHexString, PDFName, PDFRawStream, PDFString, type PDFObject } from 'pdf-lib';

/**
 * What makes a PDF do more than show pages (docs/decisions/0026-pdf-active-content.md): run JavaScript, start a
 * program, carry other files, send or load form data (SubmitForm, ImportData, XFA), open another file or a
 * non-web address, play media, or hide everything behind encryption.
 */
export type ActiveContent =
  'javascript' | 'launch' | 'embeddedFile' | 'form' | 'link' | 'multimedia' | 'encrypted';

/** Keys that carry such content wherever they stand (name trees, catalogues, actions, annotations). */
const KEYS: Record<string, ActiveContent> = {
  '/JS': 'javascript',
  '/JavaScript': 'javascript',
  '/XFA': 'form',
  '/EmbeddedFiles': 'embeddedFile',
  '/EmbeddedFile': 'embeddedFile',
  '/EF': 'embeddedFile',
  '/RichMedia': 'multimedia',
  '/RichMediaContent': 'multimedia',
  '/RichMediaSettings': 'multimedia',
  '/3DD': 'multimedia',
  '/Encrypt': 'encrypted',
};

/** Action types (`/S`, ISO 32000-1 §12.6.4) and annotation or object types (`/Subtype`, `/Type`). A GoToR or
 * GoToE is refused whatever its target: the file's name on download is ours, so "this file" cannot be named. */
const TYPES: Record<string, ActiveContent> = {
  '/JavaScript': 'javascript',
  '/Launch': 'launch',
  '/SubmitForm': 'form',
  '/ImportData': 'form',
  '/GoToR': 'link',
  '/GoToE': 'link',
  '/Rendition': 'multimedia',
  '/Movie': 'multimedia',
  '/Sound': 'multimedia',
  '/Screen': 'multimedia',
  '/RichMedia': 'multimedia',
  '/RichMediaExecute': 'multimedia',
  '/3D': 'multimedia',
  '/GoTo3DView': 'multimedia',
  '/FileAttachment': 'embeddedFile',
  '/EmbeddedFile': 'embeddedFile',
};

/** Every name above: what a look at the text of an object pdf-lib cannot parse searches for. */
export const ACTIVE_NAMES: Record<string, ActiveContent> = { ...TYPES, ...KEYS };

/** Addresses a link may open: the web, mail and telephone; without a scheme only `www.`, which readers open as http. */
const WEB_ADDRESS = /^(?:https?:|mailto:|tel:|www\.)/;

/** The first active content in `object` and everything it holds directly (references are judged where they lead). */
export function activeContent(object: PDFObject): ActiveContent | undefined {
  const dict = object instanceof PDFRawStream ? object.dict : object instanceof PDFDict ? object : null;
  if (object instanceof PDFArray) {
    for (const value of object.asArray()) {
      const found = activeContent(value);
      if (found) return found;
    }
  }
  if (!dict) return undefined;
  for (const [key, value] of dict.entries()) {
    const name = key.asString();
    const found =
      KEYS[name] ??
      (['/S', '/Subtype', '/Type'].includes(name) && value instanceof PDFName
        ? TYPES[value.asString()]
        : undefined) ??
      ((name === '/URI' || name === '/Base') && !isWebAddress(value) ? 'link' : undefined) ??
      // A thread action into another file (/F) opens that file.
      (name === '/F' && isThreadAction(dict) ? 'link' : undefined) ??
      activeContent(value);
    if (found) return found;
  }
  return undefined;
}

const isThreadAction = (dict: PDFDict) => dict.get(PDFName.of('S')) === PDFName.of('Thread');

/** A URI as readers take it: control characters and spaces removed, letters compared in lower case. */
function isWebAddress(value: PDFObject): boolean {
  // The catalogue's /URI dictionary holds /Base, judged on its own.
  if (value instanceof PDFDict) return true;
  if (!(value instanceof PDFString || value instanceof PDFHexString)) return false;
  const address = [...value.decodeText()]
    .filter((character) => character > ' ' && character !== '\u007f')
    .join('')
    .toLowerCase();
  return WEB_ADDRESS.test(address);
}
