import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** A parsed XML element: attributes under '@', text under '#text', children by name. */
export type XmlNode = { [name: string]: XmlValue } & { '@'?: Record<string, string> };
export type XmlValue = XmlNode | XmlNode[] | string | string[] | undefined;

export class XmlFormatError extends Error {
  override name = 'XmlFormatError';
}

const REPEATED = new Set(['pos', 'coord', 'msid']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  attributesGroupName: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  removeNSPrefix: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  htmlEntities: false,
  // pos (answer), msid (request), coord (polygon ring) repeat; a single one still comes back as a list.
  isArray: (name, jPath) => REPEATED.has(name) && !(name === 'msid' && String(jPath).endsWith('pos.msid')),
});

/** Parses a document; a document that is not well-formed XML is an XmlFormatError, never a crash. */
export function parseXml(text: string): XmlNode {
  const checked = XMLValidator.validate(text);
  if (checked !== true)
    throw new XmlFormatError(`not well-formed XML: ${checked.err.msg} (line ${checked.err.line})`);
  try {
    return parser.parse(text) as XmlNode;
  } catch (error) {
    throw new XmlFormatError(`unreadable XML: ${(error as Error).message}`);
  }
}

export function child(node: XmlValue, name: string): XmlNode | undefined {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return undefined;
  const value = node[name];
  if (Array.isArray(value))
    return typeof value[0] === 'object'
      ? value[0]
      : value[0] === undefined
        ? undefined
        : { '#text': value[0] };
  if (typeof value === 'string') return { '#text': value };
  return value;
}

export function children(node: XmlValue, name: string): XmlNode[] {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return [];
  const value = node[name];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((v) => (typeof v === 'string' ? { '#text': v } : v));
}

export function text(node: XmlNode | undefined): string | undefined {
  if (!node) return undefined;
  const value = node['#text'];
  return typeof value === 'string'
    ? value
    : value === undefined && Object.keys(node).every((k) => k === '@')
      ? ''
      : undefined;
}

export function attr(node: XmlNode | undefined, name: string): string | undefined {
  return node?.['@']?.[name];
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
export const escapeXml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
