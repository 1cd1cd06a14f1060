// --keystore-kek-file: the key-encryption key that wraps unlock sessions, shared by every keystore
// replica (in Kubernetes, a Secret mounted as a file). Errors name the flag, never the content.
import { KeyWrapper, parseKek } from '@photon/store';
import { readFlagFile } from '@photon/config';

export async function readKekFile(path: string): Promise<KeyWrapper> {
  const content = await readFlagFile('keystore-kek-file', path);
  try {
    return new KeyWrapper(parseKek(content));
  } catch (error) {
    throw new Error(`--keystore-kek-file: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    content.fill(0);
  }
}
