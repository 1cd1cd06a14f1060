// The release version of Photon, reported by web3_clientVersion and the OpenRPC document.
// A spec keeps it equal to the root package.json version.
export const PHOTON_VERSION = '0.1.0';
