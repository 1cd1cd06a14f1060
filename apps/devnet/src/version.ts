// The devnet application's version, reported by abci_info.
export const PHOTON_DEVNET_VERSION = '0.1.0';
