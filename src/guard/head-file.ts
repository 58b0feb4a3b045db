/** The head's version of a file a base scenario read (`from:`), as the loader reads it there. */
import { ArtifactFileError, readArtifactFile } from '../import/file.js';
import { MAX_TOKEN_FILE_BYTES } from '../import/token.js';

/** The head's version of a file a base scenario read, with its byte order mark; undefined when there is none to read. */
export function headText(from: string, scenarioAbs: string, top: string): string | undefined {
  try {
    return readArtifactFile(from, scenarioAbs, { maxBytes: MAX_TOKEN_FILE_BYTES, keepBom: true, confine: top });
  } catch (e) {
    if (e instanceof ArtifactFileError) return undefined;
    throw e;
  }
}
