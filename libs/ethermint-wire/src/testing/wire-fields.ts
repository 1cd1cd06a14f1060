// Reads the top-level field numbers of protobuf bytes, so specs can pin the field numbers of the declarations.
import { BinaryReader } from 'cosmjs-types/binary';

/** Field numbers in wire order (a repeated field appears once per element). */
export function fieldNumbers(bytes: Uint8Array): number[] {
  const reader = new BinaryReader(bytes);
  const numbers: number[] = [];
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    numbers.push(tag >>> 3);
    reader.skipType(tag & 7);
  }
  return numbers;
}
