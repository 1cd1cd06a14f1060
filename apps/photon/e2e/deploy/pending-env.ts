// Variables the overlays set for options that other branches of issue 13 add: the gateway's rate
// limits. Until @photon/config has them they are let through unchecked; once it does,
// the settings spec fails until they are taken out of this list (their values are parsed then).
export const PENDING_ENV: ReadonlySet<string> = new Set([
  'PHOTON_RATE_LIMIT',
  'PHOTON_RATE_LIMIT_WINDOW',
  'PHOTON_WS_MAX_CONNECTIONS_PER_IP',
]);
