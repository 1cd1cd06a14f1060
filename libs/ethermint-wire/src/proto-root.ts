// Loads this package's .proto declarations with protobufjs at first use (no generated code). The folder is
// found relative to this file, so the same code works from src/ (jest) and from dist/ (built).
import * as path from 'node:path';
import { Root, type Type } from 'protobufjs';

const PROTO_DIR = path.join(__dirname, '..', 'proto');

// Entry files; their imports pull in the rest. google/protobuf/any.proto comes bundled with protobufjs.
const ENTRY_FILES = [
  'ethermint/evm/v1/tx.proto',
  'ethermint/evm/v1/query.proto',
  'ethermint/feemarket/v1/query.proto',
  'ethermint/types/v1/account.proto',
];

let root: Root | undefined;

function loadRoot(): Root {
  const loaded = new Root();
  // Imports are written relative to proto/, as in the upstream repositories.
  loaded.resolvePath = (_origin: string, target: string) => path.join(PROTO_DIR, target);
  // keepCase: field names stay as declared; proto-convert maps them to camelCase for every type alike,
  // including the bundled google.protobuf.Any (whose JSON definition protobufjs never camel-cases).
  loaded.loadSync(ENTRY_FILES, { keepCase: true });
  return loaded;
}

/** The reflected message type `fullName` (e.g. `ethermint.evm.v1.MsgEthereumTx`). */
export function lookupMessageType(fullName: string): Type {
  root ??= loadRoot();
  return root.lookupType(fullName);
}
