import { constants, inflateSync } from 'node:zlib';
import { AppError } from '@laundry/platform/errors';

/**
 * PDF names that make a document do something when it is opened: run a script, start a program, carry
 * another file, play media or fill a form from XML. A verification document only has to be read; one that
 * carries any of these is refused.
 */
const activeNames = new Set([
  'JavaScript',
  'JS',
  'AA',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'XFA',
]);

/** At most this much inflated from the object streams: a compressed bomb is refused, not unpacked. */
const MAX_INFLATED_BYTES = 32 * 1024 * 1024;

/** How far before a `stream` keyword its dictionary is looked for. */
const DICTIONARY_WINDOW = 256;

/** More streams than this is no business paper; it is refused rather than read at length. */
const MAX_STREAMS = 20_000;

export const activeContentMessage =
  'This PDF contains scripts, actions or embedded files, which we do not accept. Please upload a plain PDF ' +
  '(print it to PDF again, or scan the paper) or a photo of the document.';

export const activeContentCode = 'DOCUMENT_ACTIVE_CONTENT';

export function activeContentError(): AppError {
  return new AppError(400, activeContentMessage, activeContentCode, [
    { path: 'document', message: activeContentMessage },
  ]);
}

const decodeName = (name: string) =>
  name.includes('#')
    ? name.replace(/#([0-9a-fA-F]{2})/g, (_whole, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : name;

/**
 * The names written in PDF syntax, with #xx escapes decoded (`/J#61vaScript` is `/JavaScript`): the
 * delimiters end a name, as the PDF format defines them.
 */
function* namesIn(text: string): Generator<string> {
  for (const match of text.matchAll(/\/([^\s/<>[\]()%{}]+)/g)) {
    yield decodeName(match[1]!);
  }
}

/** An active name written plainly, up to a delimiter: one pass of the regular expression engine. */
const plainActiveName = /\/(?:JavaScript|JS|AA|Launch|EmbeddedFiles?|RichMedia|XFA)(?![^\s/<>[\]()%{}])/;

const MAX_ESCAPED_NAMES = 10_000;

/** A name with a #xx escape in it, which is decoded before it is compared. */
const escapedName = /\/[^\s/<>[\]()%{}#]*#[0-9a-fA-F]{2}[^\s/<>[\]()%{}]*/g;

function hasActiveName(text: string): boolean {
  if (plainActiveName.test(text)) return true;
  let escaped = 0;
  for (const [name] of text.matchAll(escapedName)) {
    // A paper may escape a few font names; thousands of escaped names only hide what they say.
    if (++escaped > MAX_ESCAPED_NAMES) return true;
    // The longest active name, every letter escaped, is 40 characters with its slash.
    if (name.length <= 40 && activeNames.has(decodeName(name.slice(1)))) return true;
  }
  return false;
}

/**
 * The inflated bodies of the file's compressed object streams (/Type /ObjStm with /FlateDecode), where a
 * compressed PDF keeps its dictionaries, actions among them. Each `stream` keyword's dictionary is read from
 * the text just before it, so the work stays linear in the file's size. A stream that does not inflate is
 * left out; more than the limit inflated in all, or too many streams, counts as active (nobody's business document needs it).
 */
function objectStreams(text: string, bytes: Buffer): string[] | 'too large' {
  const found: string[] = [];
  let inflated = 0;
  let resumeAt = 0;
  let keywords = 0;
  for (const match of text.matchAll(/(?<![A-Za-z])stream\r?\n/g)) {
    if (++keywords > MAX_STREAMS) return 'too large';
    // A `stream` keyword inside the data of a stream already read is data.
    if (match.index < resumeAt) continue;
    const before = text.slice(Math.max(0, match.index - DICTIONARY_WINDOW), match.index);
    const objectAt = before.lastIndexOf('obj');
    if (objectAt < 0) continue;
    const dictionary = new Set(namesIn(before.slice(objectAt)));
    if (!dictionary.has('ObjStm') || !dictionary.has('FlateDecode')) continue;
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    resumeAt = end;
    let body: Buffer;
    try {
      // Z_SYNC_FLUSH: what inflates, even when the stream's length took in the end-of-line before endstream.
      body = inflateSync(bytes.subarray(start, end), {
        maxOutputLength: MAX_INFLATED_BYTES - inflated,
        finishFlush: constants.Z_SYNC_FLUSH,
      });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return 'too large';
      continue;
    }
    inflated += body.length;
    found.push(body.toString('latin1'));
  }
  return found;
}

/** True when the PDF carries scripts, actions run on opening, launched programs, embedded files or XFA. */
export function hasActiveContent(bytes: Buffer): boolean {
  const text = bytes.toString('latin1');
  if (hasActiveName(text)) return true;
  const streams = objectStreams(text, bytes);
  return streams === 'too large' || streams.some(hasActiveName);
}
