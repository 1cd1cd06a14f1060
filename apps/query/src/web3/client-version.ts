// The client version string in geth's layout: name/version/os-arch/runtime.
import { PHOTON_VERSION } from '@photon/types';

export function clientVersion(): string {
  return `Photon/v${PHOTON_VERSION}/${process.platform}-${process.arch}/node${process.versions.node}`;
}
