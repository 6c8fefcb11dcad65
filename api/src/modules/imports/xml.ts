import { XMLParser } from 'fast-xml-parser';
import { badRequest } from '../../errors';
import { messages } from '../../messages';

/**
 * A document type declaration is how XML reaches outside itself (external entities: files, URLs) or grows without
 * end (entities defined by entities, "billion laughs"). Neither a spreadsheet nor a tester's export needs one, so a
 * file that has one is refused before it is parsed.
 */
const DECLARATION = /<!(DOCTYPE|ENTITY)/i;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // Values stay text: "0.10" is not the number 0.1, and a serial "007" keeps its zeros.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => REPEATED.has(name),
});
/** Elements that may occur more than once, read as lists even when there is one. */
const REPEATED = new Set(['sheet', 'Relationship', 'si', 'r', 'row', 'c', 'SO', 'M', 'R', 'I']);

/** A parsed XML node: attributes as `@_name`, text as `#text`, children by name. */
export type XmlNode = { [name: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[] | undefined;

export function parseXml(bytes: Buffer): XmlNode {
  const text = new TextDecoder('utf-8').decode(bytes);
  if (DECLARATION.test(text)) throw badRequest(messages.importXmlDeclaration);
  try {
    return parser.parse(text, true) as XmlNode;
  } catch {
    throw badRequest(messages.importXmlBroken);
  }
}

/** The text of a node that may be plain text or an element with attributes (`<t xml:space="preserve">`). */
export function textOf(value: XmlValue): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(textOf).join('');
  return textOf(value['#text']);
}

/** Child nodes by name as a list (none, one or many). */
export function childrenOf(node: XmlValue, name: string): XmlNode[] {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return [];
  const value = node[name];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((item) =>
    typeof item === 'object' ? item : { '#text': item },
  ) as XmlNode[];
}

/** A field given as an attribute (`ISer="…"`) or as a child element (`<ISer>…</ISer>`). */
export function fieldOf(node: XmlNode, name: string): string {
  return (textOf(node[`@_${name}`]) || childrenOf(node, name).map(textOf).join('')).trim();
}
